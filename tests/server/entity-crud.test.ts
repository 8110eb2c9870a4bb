import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEntityListOptions } from '../../server/modules/entity';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('entity engine: positions CRUD on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  const add = (payload: Record<string, unknown>, token = admin) =>
    t.request({ method: 'POST', url: '/api/sys/position/add', payload, token });
  const list = async (query: string, token = admin) => {
    const res = await t.request({ method: 'GET', url: `/api/sys/position/list?${query}`, token });
    return res.json();
  };

  it('adds, lists with dictionary text, edits and deletes a position', async () => {
    const res = await add({ code: 'devleader', name: '研发部经理', postRank: '3' });
    expect(res.json()).toMatchObject({ success: true, code: 200, message: '添加成功！', result: '添加成功！' });
    const page = await list('name=研发部经理');
    expect(page.result).toMatchObject({ total: 1, size: 10, current: 1, pages: 1 });
    const row = page.result.records[0];
    expect(row).toMatchObject({ code: 'devleader', name: '研发部经理', postRank: '3', postRank_dictText: '中级', createBy: 'admin' });
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.id).toMatch(/^\d{19}$/);

    const edit = await t.request({ method: 'PUT', url: '/api/sys/position/edit', payload: { id: row.id, name: '研发总监' }, token: admin });
    expect(edit.json()).toMatchObject({ success: true, message: '编辑成功!' });
    const byId = await t.request({ method: 'GET', url: `/api/sys/position/queryById?id=${row.id}`, token: admin });
    expect(byId.json().result).toMatchObject({ id: row.id, name: '研发总监', code: 'devleader', updateBy: 'admin' });
    const postEdit = await t.request({
      method: 'POST',
      url: '/api/sys/position/edit',
      payload: { id: row.id, postRank: '4' },
      token: admin,
    });
    expect(postEdit.json().message).toBe('编辑成功!');

    const del = await t.request({ method: 'DELETE', url: `/api/sys/position/delete?id=${row.id}`, token: admin });
    expect(del.json()).toMatchObject({ success: true, message: '删除成功!', result: '删除成功!' });
    const gone = await t.request({ method: 'GET', url: `/api/sys/position/queryById?id=${row.id}`, token: admin });
    expect(gone.json()).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('deletes a batch given with a trailing comma', async () => {
    for (const code of ['b1', 'b2', 'b3']) await add({ code, name: `批量${code}`, postRank: '1' });
    const page = await list('code=b1,b2');
    const ids = page.result.records.map((r: { id: string }) => r.id);
    expect(ids).toHaveLength(2);
    const res = await t.request({ method: 'DELETE', url: `/api/sys/position/deleteBatch?ids=${ids.join(',')},`, token: admin });
    expect(res.json()).toMatchObject({ success: true, message: '批量删除成功!' });
    expect((await list('code=b*')).result.records.map((r: { code: string }) => r.code)).toEqual(['b3']);
  });

  it('answers plain messages naming the field for required, length, dictionary and duplicate values', async () => {
    expect((await add({ name: '无编码', postRank: '1' })).json()).toMatchObject({ success: false, message: '职务编码不能为空' });
    expect((await add({ code: 'x'.repeat(101), name: 'n', postRank: '1' })).json().message).toBe('职务编码长度不能超过100个字符');
    expect((await add({ code: 'rank9', name: 'n', postRank: '9' })).json().message).toBe('职级的值不在字典中');
    expect((await add({ code: 'dup1', name: 'n', postRank: '2' })).json().success).toBe(true);
    expect((await add({ code: 'dup1', name: 'n2', postRank: '2' })).json()).toMatchObject({ success: false, message: '职务编码已存在' });
    const row = (await list('code=dup1')).result.records[0];
    const clear = await t.request({ method: 'PUT', url: '/api/sys/position/edit', payload: { id: row.id, name: '' }, token: admin });
    expect(clear.json().message).toBe('职务名称不能为空');
    const missing = await t.request({ method: 'PUT', url: '/api/sys/position/edit', payload: { id: '404', name: 'x' }, token: admin });
    expect(missing.json().message).toBe('未找到对应数据');
  });

  it('ignores server-owned fields sent by the client', async () => {
    await add({ code: 'own1', name: 'n', postRank: '1', id: 'chosen-by-client', createBy: 'mallory', createTime: '2000-01-01 00:00:00' });
    const row = (await list('code=own1')).result.records[0];
    expect(row.id).not.toBe('chosen-by-client');
    expect(row.createBy).toBe('admin');
    expect(row.createTime).not.toBe('2000-01-01 00:00:00');
  });

  it('refuses users without the permission code and anonymous callers', async () => {
    const staff = await t.login('staff');
    for (const [method, url] of [
      ['GET', '/api/sys/position/list'],
      ['POST', '/api/sys/position/add'],
      ['PUT', '/api/sys/position/edit'],
      ['DELETE', '/api/sys/position/delete?id=1'],
      ['DELETE', '/api/sys/position/deleteBatch?ids=1'],
      ['GET', '/api/sys/position/queryById?id=1'],
      ['GET', '/api/sys/position/exportXls'],
      ['POST', '/api/sys/position/importExcel'],
    ] as const) {
      const res = await t.request({ method, url, token: staff, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('没有权限，请联系管理员授权');
    }
    const anonymous = await t.request({ method: 'GET', url: '/api/sys/position/list' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows the position menu with its buttons to the administrator', async () => {
    const res = await t.request({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token: admin });
    const body = res.json();
    const actions = body.result.auth.map((a: { action: string }) => a.action);
    for (const action of ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'])
      expect(actions).toContain(`system:position:${action}`);
    const system = body.result.menu.find((m: { meta: { title: string } }) => m.meta.title === '系统管理');
    expect(system.children.map((c: { component: string }) => c.component)).toContain('system/SysPositionList');
  });

  it('applies data rules that another module registers for the entity list', async () => {
    await add({ code: 'admin_a', name: '规则甲', postRank: '1' });
    await add({ code: 'other_b', name: '规则乙', postRank: '1' });
    registerEntityListOptions('sys_position', (request) => ({
      dataRules: [{ column: 'code', condition: 'right_like', value: '#{sys_user_code}_' }],
      variables: { sysUserCode: request.session!.user.username },
    }));
    try {
      const codes = (await list('name=规则*')).result.records.map((r: { code: string }) => r.code);
      expect(codes).toEqual(['admin_a']);
    } finally {
      registerEntityListOptions('sys_position', () => ({}));
    }
    expect((await list('name=规则*')).result.total).toBe(2);
  });
});
