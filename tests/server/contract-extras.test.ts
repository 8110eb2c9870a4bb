import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('lookups the JeecgBoot client calls beside the main screens, on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let expert: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    expert = await t.login('expert');
  });
  afterAll(() => t?.close());

  const get = async (url: string, token?: string) => {
    const res = await t.request({ method: 'GET', url: `/api${url}`, ...(token ? { token } : {}) });
    return { status: res.statusCode, body: res.json() };
  };

  it('GET /sys/thirdApp/getEnabledType reports no third-party app enabled, to signed-in users', async () => {
    const res = await get('/sys/thirdApp/getEnabledType', expert);
    expect(res.body).toMatchObject({ success: true, code: 200, result: { wechatEnterprise: false, dingtalk: false } });
    expect(Object.keys(res.body.result).sort()).toEqual(['dingtalk', 'wechatEnterprise']);
    expect((await get('/sys/thirdApp/getEnabledType')).status).toBe(401);
  });

  it('GET /sys/category/loadDictItem/ (with the client’s trailing slash) answers the names in the order of ids', async () => {
    const add = async (name: string, pid?: string) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/sys/category/add',
        token: admin,
        payload: { name, ...(pid ? { pid } : {}) },
      });
      expect(res.json().success, res.body).toBe(true);
      return (await t.db.selectFrom('sys_category').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    };
    const root = await add('证书类别');
    const child = await add('甲级证书', root);
    const names = await get(`/sys/category/loadDictItem/?ids=${child},${root},missing1`, expert);
    expect(names.body).toMatchObject({ success: true, result: ['甲级证书', '证书类别'] });
    expect((await get(`/sys/category/loadDictItem/?ids=${child},missing1&delNotExist=false`, expert)).body.result).toEqual([
      '甲级证书',
      'missing1',
    ]);
    expect((await get('/sys/category/loadDictItem/?ids=', expert)).body).toMatchObject({ success: false, message: '分类ID不能为空' });
    expect((await get(`/sys/category/loadDictItem/?ids=${encodeURIComponent("x' or '1'='1")}`, expert)).status).toBe(400);
    expect((await get(`/sys/category/loadDictItem/?ids=${child}`)).status).toBe(401);
  });

  it('GET /sys/permission/loadAllRoleIds answers the id of every menu and button, for those who may grant them', async () => {
    const res = await get('/sys/permission/loadAllRoleIds', admin);
    expect(res.body.success).toBe(true);
    const ids = (await t.db.selectFrom('sys_permission').select('id').where('del_flag', '=', 0).execute()).map((r) => r.id).sort();
    expect([...res.body.result].sort()).toEqual(ids);
    expect(res.body.result).toEqual((await get('/sys/permission/queryTreeList', admin)).body.result.ids);
    expect((await get('/sys/permission/loadAllRoleIds', expert)).status).toBe(403);
    expect((await get('/sys/permission/loadAllRoleIds')).status).toBe(401);
  });

  it('GET /sys/sysDepart/queryParentName answers the name of the department above, empty for a top one', async () => {
    expect((await get('/sys/sysDepart/queryParentName?departId=d_a01a02', expert)).body).toMatchObject({
      success: true,
      result: '省工程建设监理协会',
    });
    expect((await get('/sys/sysDepart/queryParentName?departId=d_a01', expert)).body).toMatchObject({ success: true, result: '' });
    expect((await get('/sys/sysDepart/queryParentName?departId=nope', expert)).body).toMatchObject({
      success: false,
      message: '未找到对应部门',
    });
    expect((await get('/sys/sysDepart/queryParentName', expert)).body).toMatchObject({ success: false, message: '部门ID不能为空' });
    expect((await get(`/sys/sysDepart/queryParentName?departId=${encodeURIComponent("d' or 1=1")}`, expert)).status).toBe(400);
    expect((await get('/sys/sysDepart/queryParentName?departId=d_a01a02')).status).toBe(401);
  });
});
