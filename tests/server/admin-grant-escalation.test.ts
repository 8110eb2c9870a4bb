import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

const PASSWORD = 'Str0ng#Pass1';

/** A holder of role:auth, depart:auth or depart:role tries to hand out what they do not hold. */
describe.each(backends())('grant saves cannot raise anyone above the caller on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let delegate: string;
  let delegateRole: string;
  let otherRole: string;

  const call = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; code: number; result: any } };
  };
  const roleId = async (code: string) =>
    (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;
  const granted = async (id: string) =>
    (await call('GET', `/sys/permission/queryRolePermission?roleId=${id}`, admin)).body.result as string[];
  const codesOf = async (token: string) =>
    ((await call('GET', '/sys/permission/getUserPermissionByToken', token)).body.result.auth as Array<{ action: string }>).map(
      (a) => a.action,
    );

  // the delegate holds: 系统管理 › 角色管理 with role:auth and role:list, 部门管理 with depart:auth, 我的部门 with depart:role
  const DELEGATE_GRANTS = [
    'm_system',
    'm_system_role',
    'b_role_auth',
    'm_system_depart',
    'b_depart_auth',
    'm_system_departuser',
    'b_departuser_role',
  ];

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    await call('POST', '/sys/role/add', admin, { roleName: '授权代理', roleCode: 'grant_delegate' });
    await call('POST', '/sys/role/add', admin, { roleName: '普通角色', roleCode: 'plain_role' });
    delegateRole = await roleId('grant_delegate');
    otherRole = await roleId('plain_role');
    const saved = await call('POST', '/sys/permission/saveRolePermission', admin, {
      roleId: delegateRole,
      permissionIds: DELEGATE_GRANTS.join(','),
      lastpermissionIds: '',
    });
    expect(saved.body.success).toBe(true);
    await call('POST', '/sys/user/add', admin, {
      username: 'delegate1',
      realname: '授权代理人',
      password: PASSWORD,
      workNo: 'G0001',
      phone: '13912349901',
      selectedroles: delegateRole,
      selecteddeparts: 'd_a01a03',
    });
    delegate = await t.login('delegate1', PASSWORD);
  });
  afterAll(() => t?.close());

  it('refuses to add to their own role a button they do not hold (403) and the role is unchanged', async () => {
    const before = await granted(delegateRole);
    const res = await call('POST', '/sys/permission/saveRolePermission', delegate, {
      roleId: delegateRole,
      permissionIds: [...before, 'm_system_user', 'b_user_edit'].join(','),
      lastpermissionIds: before.join(','),
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 403, message: '不能授予您自己没有的权限' });
    expect((await granted(delegateRole)).sort()).toEqual([...before].sort());
    expect(await codesOf(delegate)).not.toContain('user:edit');
  });

  it('is not fooled by listing the new ids as already granted, nor by an empty last list', async () => {
    const lying = await call('POST', '/sys/permission/saveRolePermission', delegate, {
      roleId: delegateRole,
      permissionIds: 'm_system_user,b_user_edit',
      lastpermissionIds: 'm_system_user,b_user_edit',
    });
    expect(lying.body.success).toBe(true);
    expect(await granted(delegateRole)).not.toContain('b_user_edit');
    const fresh = await call('POST', '/sys/permission/saveRolePermission', delegate, {
      roleId: otherRole,
      permissionIds: 'b_user_delete',
      lastpermissionIds: '',
    });
    expect(fresh.status).toBe(403);
    expect(await granted(otherRole)).toEqual([]);
  });

  it('may hand out what they hold, to another role', async () => {
    const res = await call('POST', '/sys/permission/saveRolePermission', delegate, {
      roleId: otherRole,
      permissionIds: 'm_system,m_system_role',
      lastpermissionIds: '',
    });
    expect(res.body).toMatchObject({ success: true, message: '保存成功！' });
    expect((await granted(otherRole)).sort()).toEqual(['m_system', 'm_system_role']);
  });

  it('cannot touch the admin role; an administrator keeps full power', async () => {
    const adminRole = await roleId('admin');
    expect(
      (
        await call('POST', '/sys/permission/saveRolePermission', delegate, {
          roleId: adminRole,
          permissionIds: 'm_system',
          lastpermissionIds: '',
        })
      ).status,
    ).toBe(403);
    const res = await call('POST', '/sys/permission/saveRolePermission', admin, {
      roleId: otherRole,
      permissionIds: 'm_system,m_system_role,b_user_edit,m_system_user',
      lastpermissionIds: 'm_system,m_system_role',
    });
    expect(res.body.success).toBe(true);
    expect(await granted(otherRole)).toContain('b_user_edit');
  });

  it('refuses department grants beyond the caller (saveDepartPermission and saveDeptRolePermission)', async () => {
    const depart = await call('POST', '/sys/permission/saveDepartPermission', delegate, {
      departId: 'd_a01a03',
      permissionIds: 'm_system_user,b_user_delete',
      lastpermissionIds: '',
    });
    expect(depart.status).toBe(403);
    expect(depart.body.message).toBe('不能授予您自己没有的权限');
    expect((await call('GET', '/sys/permission/queryDepartPermission?departId=d_a01a03', admin)).body.result).not.toContain(
      'b_user_delete',
    );

    // the administrator gives the department a button the delegate lacks; the delegate may not pass it to a department role
    expect(
      (
        await call('POST', '/sys/permission/saveDepartPermission', admin, {
          departId: 'd_a01a03',
          permissionIds: 'm_system_user,b_user_delete,m_system',
          lastpermissionIds: '',
        })
      ).body.success,
    ).toBe(true);
    expect(
      (await call('POST', '/sys/sysDepartRole/add', admin, { departId: 'd_a01a03', roleName: '部门管理员', roleCode: 'dept_mgr_x' })).body
        .success,
    ).toBe(true);
    const dRole = (await t.db.selectFrom('sys_depart_role').select('id').where('role_code', '=', 'dept_mgr_x').executeTakeFirstOrThrow())
      .id;
    const toRole = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', delegate, {
      roleId: dRole,
      permissionIds: 'm_system_user,b_user_delete',
      lastpermissionIds: '',
    });
    expect(toRole.status).toBe(403);
    expect((await call('GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${dRole}`, admin)).body.result).toEqual([]);
    const allowed = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', delegate, {
      roleId: dRole,
      permissionIds: 'm_system',
      lastpermissionIds: '',
    });
    expect(allowed.body.success).toBe(true);
  });

  it('cannot loosen the data rules of a role they belong to', async () => {
    // a rule on 角色管理 chosen for the delegate's role by the administrator
    const added = await call('POST', '/sys/permission/addPermissionRule', admin, {
      permissionId: 'm_system_role',
      ruleName: '本人创建',
      ruleColumn: 'createBy',
      ruleConditions: 'eq',
      ruleValue: '#{sys_user_code}',
      status: '1',
    });
    expect(added.body.success).toBe(true);
    const rule = (
      await t.db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', 'm_system_role').executeTakeFirstOrThrow()
    ).id;
    expect(
      (await call('POST', '/sys/role/datarule', admin, { permissionId: 'm_system_role', roleId: delegateRole, dataRuleIds: rule })).body
        .success,
    ).toBe(true);

    const loosen = await call('POST', '/sys/role/datarule', delegate, {
      permissionId: 'm_system_role',
      roleId: delegateRole,
      dataRuleIds: '',
    });
    expect(loosen.status).toBe(403);
    expect(loosen.body.message).toBe('不能修改自己所属角色的数据规则');
    const choice = await call('GET', `/sys/role/datarule/m_system_role/${delegateRole}`, admin);
    expect(choice.body.result.drChecked).toBe(rule);
  });
});
