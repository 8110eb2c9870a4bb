import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('department, permission-code and org-code lookups on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const get = (url: string, token?: string) => t.request({ method: 'GET', url: `/api${url}`, ...(token ? { token } : {}) });

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    staff = await t.login('staff');
  });
  afterAll(() => t?.close());

  it('listAll answers every department by org code, or the listed ids (code 0)', async () => {
    const all = (await get('/sys/sysDepart/listAll', staff)).json();
    expect(all).toMatchObject({ success: true, code: 0 });
    const codes = all.result.map((d: { orgCode: string }) => d.orgCode);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(['A01', 'A01A01', 'A02']));
    const some = (await get('/sys/sysDepart/listAll?id=d_a02,d_a01a01', staff)).json().result;
    expect(some.map((d: { id: string; departName: string }) => [d.id, d.departName])).toEqual([
      ['d_a01a01', '信用评价办公室'],
      ['d_a02', '监理企业'],
    ]);
    expect((await get(`/sys/sysDepart/listAll?id=${encodeURIComponent("x' or 1=1 --")}`, staff)).statusCode).toBe(400);
  });

  it('queryTreeByKeyWord answers the topmost matching departments with their subtrees, or the whole tree', async () => {
    const matched = (await get(`/sys/sysDepart/queryTreeByKeyWord?keyWord=${encodeURIComponent('协会')}`, staff)).json().result;
    expect(matched.map((n: { title: string }) => n.title)).toEqual(['省工程建设监理协会']);
    expect(matched[0].children.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining(['信用评价办公室', '专家委员会', '综合部']),
    );
    const deep = (await get(`/sys/sysDepart/queryTreeByKeyWord?keyWord=${encodeURIComponent('办公室')}`, staff)).json().result;
    expect(deep.map((n: { key: string; isLeaf: boolean }) => n.key)).toEqual(['d_a01a01']);
    const none = (await get('/sys/sysDepart/queryTreeByKeyWord?keyWord=nothing-like-this', staff)).json();
    expect(none).toMatchObject({ success: true, result: [] });
    const whole = (await get('/sys/sysDepart/queryTreeByKeyWord', staff)).json().result;
    expect(whole.map((n: { key: string }) => n.key)).toEqual(expect.arrayContaining(['d_a01', 'd_a02']));
  });

  it('getDepartName answers the name of an org code', async () => {
    expect((await get('/sys/sysDepart/getDepartName?orgCode=A01A02', staff)).json()).toMatchObject({
      success: true,
      code: 0,
      result: '专家委员会',
    });
    expect((await get('/sys/sysDepart/getDepartName?orgCode=Z99', staff)).json()).toMatchObject({
      success: false,
      message: '未找到对应部门',
    });
    expect((await get(`/sys/sysDepart/getDepartName?orgCode=${encodeURIComponent("A01' or '1'='1")}`, staff)).statusCode).toBe(400);
  });

  it("getPermCode answers the caller's own button codes with auth and allAuth", async () => {
    const own = (await get('/sys/permission/getPermCode', staff)).json();
    expect(own).toMatchObject({ success: true, result: { sysSafeMode: false } });
    expect(own.result.codeList).toEqual(expect.arrayContaining(['dashboard:visit:view', 'sys:user:pick']));
    expect(own.result.codeList).not.toContain('user:add');
    expect(own.result.allAuth.map((a: { action: string }) => a.action)).toContain('user:add');
    expect((await get('/sys/permission/getPermCode', admin)).json().result.codeList).toEqual(
      expect.arrayContaining(['user:add', 'dict:export']),
    );
  });

  it('queryByOrgCode pages the users of a department and those below it (user:list)', async () => {
    const top = (await get('/sys/user/queryByOrgCode?orgCode=A01&pageSize=50', admin)).json();
    expect(top).toMatchObject({ success: true });
    expect(top.result.records.map((u: { username: string }) => u.username).sort()).toEqual([
      'admin',
      'expert',
      'reviewer2',
      'reviewer3',
      'staff',
    ]);
    expect(JSON.stringify(top.result.records)).not.toMatch(/"password"|"salt"/);
    const one = (await get('/sys/user/queryByOrgCode?orgCode=A01A02', admin)).json().result;
    expect(one).toMatchObject({ total: 3 });
    expect(one.records.map((u: { username: string }) => u.username).sort()).toEqual(['expert', 'reviewer2', 'reviewer3']);
    const named = (await get(`/sys/user/queryByOrgCode?orgCode=A01&realname=${encodeURIComponent('*专家*')}`, admin)).json().result;
    expect(named.records.map((u: { username: string }) => u.username)).toEqual(['expert']);
    expect((await get('/sys/user/queryByOrgCode?orgCode=A0%25', admin)).statusCode).toBe(400);
    expect((await get('/sys/user/queryByOrgCode', admin)).json()).toMatchObject({ success: false, message: '机构编码不能为空' });
  });

  it('refuses the anonymous caller (401) and queryByOrgCode without user:list (403)', async () => {
    for (const url of [
      '/sys/sysDepart/listAll',
      '/sys/sysDepart/queryTreeByKeyWord',
      '/sys/sysDepart/getDepartName?orgCode=A01',
      '/sys/permission/getPermCode',
      '/sys/user/queryByOrgCode?orgCode=A01',
    ]) {
      expect((await get(url)).statusCode).toBe(401);
    }
    expect((await get('/sys/user/queryByOrgCode?orgCode=A01', staff)).statusCode).toBe(403);
  });
});
