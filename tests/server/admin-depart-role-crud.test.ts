import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { userWithGrants } from './support/grants';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The JeecgBoot contract of the department-role calls of 我的部门 (/sys/sysDepartRole): envelopes, messages, code depart:role. */
describe.each(backends())('department role CRUD contract on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const call = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; code: number; message: string; result: any } };
  };
  const roleId = async (code: string) =>
    (await t.db.selectFrom('sys_depart_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('adds, lists by department, reads, edits and deletes with the JeecgBoot messages', async () => {
    const add = (payload: object) => call('POST', '/sys/sysDepartRole/add', admin, payload);
    expect((await add({ departId: 'd_a01a03', roleName: '审核组', roleCode: 'dr_audit' })).body).toMatchObject({
      success: true,
      message: '添加成功！',
    });
    expect((await add({ departId: 'nosuchdepart', roleName: '无', roleCode: 'dr_none' })).body.message).toBe('部门不存在');
    expect((await add({ departId: 'd_a01a03', roleName: '', roleCode: 'dr_x' })).body.message).toBe('请输入部门角色名称!');
    expect((await add({ departId: 'd_a01a03', roleName: '坏', roleCode: 'bad code' })).body.message).toBe(
      '部门角色编码只能包含字母、数字、下划线和中划线',
    );
    await add({ departId: 'd_a01a01', roleName: '别的部门', roleCode: 'dr_other' });

    const list = await call('GET', '/sys/sysDepartRole/list?deptId=d_a01a03', admin);
    expect(list.body).toMatchObject({ success: true, code: 200, result: { total: 1, current: 1 } });
    const record = list.body.result.records[0];
    expect(record).toMatchObject({ departId: 'd_a01a03', roleName: '审核组', roleCode: 'dr_audit' });
    expect(Object.keys(record)).toEqual(expect.arrayContaining(['id', 'description', 'createBy', 'createTime']));
    expect((await call('GET', `/sys/sysDepartRole/queryById?id=${record.id}`, admin)).body).toMatchObject({
      success: true,
      result: { id: record.id, roleCode: 'dr_audit' },
    });

    expect((await call('GET', '/sys/sysDepartRole/queryById?id=nosuchrole', admin)).body.message).toBe('部门角色不存在');
    expect((await call('PUT', '/sys/sysDepartRole/edit', admin, { id: 'nosuchrole', roleName: '无', roleCode: 'dr_n' })).body.message).toBe(
      '部门角色不存在',
    );
    const edited = await call('PUT', '/sys/sysDepartRole/edit', admin, { id: record.id, roleName: '审核二组', roleCode: 'dr_audit' });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await t.db.selectFrom('sys_depart_role').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow()).toMatchObject({
      role_name: '审核二组',
      depart_id: 'd_a01a03',
      update_by: 'admin',
    });

    await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', admin, { newRoleId: record.id, oldRoleId: '', userId: 'u_demo_staff' });
    expect((await call('DELETE', `/sys/sysDepartRole/delete?id=${record.id}`, admin)).body).toMatchObject({
      success: true,
      message: '删除成功!',
    });
    expect(await t.db.selectFrom('sys_depart_role_user').select('id').where('drole_id', '=', record.id).execute()).toEqual([]);
    expect((await call('DELETE', `/sys/sysDepartRole/deleteBatch?ids=${await roleId('dr_other')},`, admin)).body).toMatchObject({
      success: true,
      message: '批量删除成功!',
    });
    expect(await t.db.selectFrom('sys_depart_role').select('id').where('role_code', 'in', ['dr_audit', 'dr_other']).execute()).toEqual([]);
  });

  it('every call needs depart:role', async () => {
    await call('POST', '/sys/sysDepartRole/add', admin, { departId: 'd_a01a03', roleName: '留存', roleCode: 'dr_keep' });
    const id = await roleId('dr_keep');
    const holder = await userWithGrants(t, admin, ['m_system', 'm_system_departuser', 'b_departuser_role']);
    const other = await userWithGrants(t, admin, ['m_system', 'm_system_departuser', 'b_departuser_users']);
    const calls: Array<[Method, string, object?]> = [
      ['GET', '/sys/sysDepartRole/list?deptId=d_a01a03'],
      ['GET', `/sys/sysDepartRole/queryById?id=${id}`],
      ['PUT', '/sys/sysDepartRole/edit', { id, roleName: '留存二', roleCode: 'dr_keep' }],
      ['POST', '/sys/sysDepartRole/add', { departId: 'd_a01a03', roleName: '新增', roleCode: 'dr_new' }],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, other, payload)).status, url).toBe(403);
      expect((await call(method, url, holder, payload)).body.success, url).toBe(true);
    }
    expect((await call('DELETE', `/sys/sysDepartRole/deleteBatch?ids=${id}`, other)).status).toBe(403);
    expect((await call('DELETE', `/sys/sysDepartRole/delete?id=${id}`, other)).status).toBe(403);
    expect((await call('DELETE', `/sys/sysDepartRole/deleteBatch?ids=${id}`, holder)).body.success).toBe(true);
  });
});
