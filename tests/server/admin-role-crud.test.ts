import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { importUpload, workbook } from './support/forms';
import { userWithGrants } from './support/grants';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The JeecgBoot contract of 角色管理's CRUD calls: envelopes, messages and the code each call checks. */
describe.each(backends())('role CRUD contract on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const call = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; code: number; message: string; result: any } };
  };
  const roleId = async (code: string) =>
    (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('lists a page of roles and reads one by id', async () => {
    const list = await call('GET', '/sys/role/list?roleCode=xypj_expert', admin);
    expect(list.body).toMatchObject({ success: true, code: 200, result: { total: 1, size: 10, current: 1, pages: 1 } });
    const record = list.body.result.records[0];
    expect(record).toMatchObject({ roleName: '评审专家', roleCode: 'xypj_expert' });
    expect(Object.keys(record)).toEqual(expect.arrayContaining(['id', 'description', 'createBy', 'createTime', 'updateBy', 'updateTime']));
    const one = await call('GET', `/sys/role/queryById?id=${record.id}`, admin);
    expect(one.body).toMatchObject({ success: true, result: { id: record.id, roleCode: 'xypj_expert' } });
    expect((await call('GET', '/sys/role/queryById?id=nosuchrole', admin)).body).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
  });

  it('adds, edits and deletes with the JeecgBoot messages', async () => {
    expect((await call('POST', '/sys/role/add', admin, { roleName: '契约角色', roleCode: 'contract_role' })).body).toMatchObject({
      success: true,
      message: '添加成功！',
    });
    const id = await roleId('contract_role');
    const edited = await call('PUT', '/sys/role/edit', admin, {
      id,
      roleName: '契约角色二',
      roleCode: 'contract_role',
      description: '说明',
    });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    const row = await t.db.selectFrom('sys_role').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role_name: '契约角色二', description: '说明', update_by: 'admin' });
    expect((await call('POST', '/sys/role/edit', admin, { id, roleName: '契约角色三' })).body.message).toBe('请输入角色编码!');
    expect((await call('PUT', '/sys/role/edit', admin, { id: 'nosuchrole', roleName: '无', roleCode: 'none_role' })).body.message).toBe(
      '未找到对应实体',
    );
    const adminId = await roleId('admin');
    expect((await call('PUT', '/sys/role/edit', admin, { id: adminId, roleName: '管理员', roleCode: 'admin2' })).body.message).toBe(
      '管理员角色编码不允许修改',
    );
    expect((await call('DELETE', `/sys/role/delete?id=${id}`, admin)).body).toMatchObject({ success: true, message: '删除角色成功' });

    await call('POST', '/sys/role/add', admin, { roleName: '批量一', roleCode: 'batch_one' });
    await call('POST', '/sys/role/add', admin, { roleName: '批量二', roleCode: 'batch_two' });
    const ids = [await roleId('batch_one'), await roleId('batch_two')];
    expect((await call('DELETE', `/sys/role/deleteBatch?ids=${ids.join(',')},${adminId}`, admin)).body.message).toBe(
      '管理员角色不允许删除',
    );
    expect((await call('DELETE', `/sys/role/deleteBatch?ids=${ids.join(',')},`, admin)).body).toMatchObject({
      success: true,
      message: '批量删除角色成功',
    });
    expect(await t.db.selectFrom('sys_role').select('id').where('id', 'in', ids).execute()).toEqual([]);
  });

  it('checks role:list, role:add, role:edit, role:delete, role:export and role:import', async () => {
    const reader = await userWithGrants(t, admin, ['m_system', 'm_system_role', 'b_role_delete', 'b_role_export']);
    const target = await roleId('xypj_expert');
    expect((await call('GET', '/sys/role/list', reader)).status).toBe(200);
    expect((await call('GET', `/sys/role/queryById?id=${target}`, reader)).status).toBe(200);
    expect((await call('POST', '/sys/role/add', reader, { roleName: '越权', roleCode: 'sneaky' })).status).toBe(403);
    expect((await call('PUT', '/sys/role/edit', reader, { id: target, roleName: '越权', roleCode: 'xypj_expert' })).status).toBe(403);
    await call('POST', '/sys/role/add', admin, { roleName: '待删', roleCode: 'to_delete' });
    expect((await call('DELETE', `/sys/role/deleteBatch?ids=${await roleId('to_delete')}`, reader)).body.success).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/sys/role/exportXls', token: reader })).statusCode).toBe(200);
    const file = await workbook([
      ['角色名称', '角色编码'],
      ['越权', 'sneaky_role'],
    ]);
    const upload = (token: string) =>
      t.request({ method: 'POST', url: '/api/sys/role/importExcel', token, ...importUpload('r.xlsx', file) });
    expect((await upload(reader)).statusCode).toBe(403);

    const writer = await userWithGrants(t, admin, ['m_system', 'm_system_role', 'b_role_add', 'b_role_edit', 'b_role_import']);
    expect((await call('DELETE', `/sys/role/delete?id=${target}`, writer)).status).toBe(403);
    expect((await call('DELETE', `/sys/role/deleteBatch?ids=${target}`, writer)).status).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/sys/role/exportXls', token: writer })).statusCode).toBe(403);
    expect((await call('POST', '/sys/role/add', writer, { roleName: '可以', roleCode: 'allowed_role' })).body.success).toBe(true);
    const allowed = await roleId('allowed_role');
    expect((await call('PUT', '/sys/role/edit', writer, { id: allowed, roleName: '可以二', roleCode: 'allowed_role' })).body.success).toBe(
      true,
    );
    expect((await upload(writer)).json()).toMatchObject({ success: true, message: '共1行数据全部导入成功！' });
  });
});
