import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { multipart } from './support/forms';

const PASSWORD = 'Str0ng#Pass1';
const REFUSED = '不能分配比您自己权限更多的角色';

interface Envelope {
  success: boolean;
  message: string;
  code: number;
  result: unknown;
}

/**
 * A non-admin holding user:add, user:edit, role:users and depart:users tries to attach roles and
 * department roles with more rights than their own, to others and to themselves.
 */
describe.each(backends())('role assignment cannot raise anyone above the caller on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let assigner: string;
  let assignerId: string;
  let adminId: string;
  let targetId: string;
  const roles: Record<string, string> = {};
  const departRoles: Record<string, string> = {};
  let phoneSeq = 0;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as Envelope };
  };
  const userId = async (username: string) =>
    (await t.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const roleIdsOf = async (id: string) =>
    (await t.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', id).execute()).map((r) => r.role_id).sort();
  const departRoleIdsOf = async (id: string) =>
    (await t.db.selectFrom('sys_depart_role_user').select('drole_id').where('user_id', '=', id).execute()).map((r) => r.drole_id).sort();
  const userForm = (username: string, extra: object = {}) => {
    phoneSeq += 1;
    const n = String(phoneSeq).padStart(3, '0');
    return { username, realname: username, password: PASSWORD, workNo: `RA${n}`, phone: `13800138${n}`, ...extra };
  };
  /** /sys/user/edit body for an existing user: its required fields as stored, plus `extra`. */
  const editForm = async (id: string, extra: object = {}) => {
    const row = await t.db.selectFrom('sys_user').select(['realname', 'work_no', 'phone']).where('id', '=', id).executeTakeFirstOrThrow();
    return { id, realname: row.realname, workNo: row.work_no, phone: row.phone, ...extra };
  };
  const expectRefused = (res: { status: number; body: Envelope }) => {
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 403, message: REFUSED });
  };

  const grantRole = async (code: string, permissionIds: string[]) => {
    expect((await call('POST', '/sys/role/add', admin, { roleName: `角色${code}`, roleCode: code })).body.success).toBe(true);
    roles[code] = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;
    if (permissionIds.length) {
      const saved = await call('POST', '/sys/permission/saveRolePermission', admin, {
        roleId: roles[code],
        permissionIds: permissionIds.join(','),
        lastpermissionIds: '',
      });
      expect(saved.body.success).toBe(true);
    }
  };
  const chooseRule = async (roleCode: string, ruleId: string) =>
    expect(
      (await call('POST', '/sys/role/datarule', admin, { permissionId: 'm_system_user', roleId: roles[roleCode], dataRuleIds: ruleId }))
        .body.success,
    ).toBe(true);

  // what the assigner holds: user add/edit/reset/freeze/import, role members, department members
  const ASSIGNER_GRANTS = [
    'm_system',
    'm_system_user',
    'b_user_add',
    'b_user_edit',
    'b_user_resetpassword',
    'b_user_frozen',
    'b_user_import',
    'm_system_role',
    'b_role_users',
    'm_system_departuser',
    'b_departuser_users',
  ];

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    adminId = await userId('admin');

    const rule = await call('POST', '/sys/permission/addPermissionRule', admin, {
      permissionId: 'm_system_user',
      ruleName: '本部门',
      ruleColumn: 'sysOrgCode',
      ruleConditions: 'eq',
      ruleValue: '#{sys_org_code}',
      status: '1',
    });
    expect(rule.body.success).toBe(true);
    const ruleId = (
      await t.db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', 'm_system_user').executeTakeFirstOrThrow()
    ).id;

    await grantRole('assigner', ASSIGNER_GRANTS);
    await chooseRule('assigner', ruleId);
    // the same user list, as narrow as the assigner's
    await grantRole('narrow', ['m_system', 'm_system_user']);
    await chooseRule('narrow', ruleId);
    // the user list without the assigner's data rule
    await grantRole('loose', ['m_system', 'm_system_user']);
    // a button the assigner lacks
    await grantRole('wider', ['m_system', 'm_system_user', 'b_user_delete']);
    await chooseRule('wider', ruleId);
    await grantRole('empty', []);

    await call('POST', '/sys/user/add', admin, userForm('assigner1', { selectedroles: roles.assigner, selecteddeparts: 'd_a01a03' }));
    await call('POST', '/sys/user/add', admin, userForm('ra_target'));
    assignerId = await userId('assigner1');
    targetId = await userId('ra_target');
    assigner = await t.login('assigner1', PASSWORD);

    const departGrant = await call('POST', '/sys/permission/saveDepartPermission', admin, {
      departId: 'd_a01a03',
      permissionIds: 'm_system,m_system_user,b_user_delete',
      lastpermissionIds: '',
    });
    expect(departGrant.body.success).toBe(true);
    for (const [code, grants] of [
      ['d_narrow', 'm_system'],
      ['d_wide', 'm_system,b_user_delete'],
    ] as const) {
      expect(
        (await call('POST', '/sys/sysDepartRole/add', admin, { departId: 'd_a01a03', roleName: `部门${code}`, roleCode: code })).body
          .success,
      ).toBe(true);
      departRoles[code] = (
        await t.db.selectFrom('sys_depart_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()
      ).id;
      const saved = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', admin, {
        roleId: departRoles[code],
        permissionIds: grants,
        lastpermissionIds: '',
      });
      expect(saved.body.success).toBe(true);
    }
  });
  afterAll(() => t?.close());

  it('user add refuses a role with a button, or a looser data rule, than the caller has, and the admin role; no user is created', async () => {
    for (const [username, selected] of [
      ['ra_wider', roles.wider],
      ['ra_loose', roles.loose],
      ['ra_mixed', `${roles.narrow},${roles.wider}`],
    ] as const) {
      expectRefused(await call('POST', '/sys/user/add', assigner, userForm(username, { selectedroles: selected })));
      expect(await t.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirst()).toBeUndefined();
    }
    const adminRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
    const asAdmin = await call('POST', '/sys/user/add', assigner, userForm('ra_admin', { selectedroles: adminRole }));
    expect(asAdmin.status).toBe(403);
    expect(await t.db.selectFrom('sys_user').select('id').where('username', '=', 'ra_admin').executeTakeFirst()).toBeUndefined();
  });

  it('user add accepts the caller own role, a narrower one and an empty one', async () => {
    const res = await call(
      'POST',
      '/sys/user/add',
      assigner,
      userForm('ra_peer', { selectedroles: `${roles.assigner},${roles.narrow},${roles.empty}` }),
    );
    expect(res.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(await roleIdsOf(await userId('ra_peer'))).toEqual([roles.assigner, roles.narrow, roles.empty].sort());
  });

  it('user edit refuses adding a broader role to another user or to the caller; roles stay as they were', async () => {
    const toOther = await call('PUT', '/sys/user/edit', assigner, await editForm(targetId, { selectedroles: roles.loose }));
    expectRefused(toOther);
    expect(await roleIdsOf(targetId)).toEqual([]);
    const self = await call(
      'PUT',
      '/sys/user/edit',
      assigner,
      await editForm(assignerId, { selectedroles: `${roles.assigner},${roles.wider}` }),
    );
    expectRefused(self);
    expect(await roleIdsOf(assignerId)).toEqual([roles.assigner]);
  });

  it('user edit keeps a broader role the user already holds, allows removing it, and adds narrower roles', async () => {
    expect((await call('PUT', '/sys/user/edit', admin, await editForm(targetId, { selectedroles: roles.wider }))).body.success).toBe(true);
    const keep = await call(
      'PUT',
      '/sys/user/edit',
      assigner,
      await editForm(targetId, { realname: '目标改名', selectedroles: `${roles.wider},${roles.narrow}` }),
    );
    expect(keep.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await roleIdsOf(targetId)).toEqual([roles.wider, roles.narrow].sort());
    const remove = await call('PUT', '/sys/user/edit', assigner, await editForm(targetId, { selectedroles: roles.narrow }));
    expect(remove.body.success).toBe(true);
    expect(await roleIdsOf(targetId)).toEqual([roles.narrow]);
    const putBack = await call(
      'PUT',
      '/sys/user/edit',
      assigner,
      await editForm(targetId, { selectedroles: `${roles.narrow},${roles.wider}` }),
    );
    expectRefused(putBack);
    expect(await roleIdsOf(targetId)).toEqual([roles.narrow]);
  });

  it('role members: addSysUserRole refuses a broader role or the admin role, for others and for the caller', async () => {
    expectRefused(await call('POST', '/sys/user/addSysUserRole', assigner, { roleId: roles.wider, userIdList: [targetId] }));
    expectRefused(await call('POST', '/sys/user/addSysUserRole', assigner, { roleId: roles.loose, userIdList: [assignerId] }));
    const adminRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect((await call('POST', '/sys/user/addSysUserRole', assigner, { roleId: adminRole, userIdList: [assignerId] })).status).toBe(403);
    expect(await roleIdsOf(assignerId)).toEqual([roles.assigner]);
    expect(await roleIdsOf(targetId)).toEqual([roles.narrow]);
  });

  it('role members: the caller own role and an empty one may be added; a broader role may be removed', async () => {
    const own = await call('POST', '/sys/user/addSysUserRole', assigner, { roleId: roles.assigner, userIdList: [targetId] });
    expect(own.body).toMatchObject({ success: true, message: '添加成功!' });
    expect((await call('POST', '/sys/user/addSysUserRole', assigner, { roleId: roles.empty, userIdList: [targetId] })).body.success).toBe(
      true,
    );
    expect(await roleIdsOf(targetId)).toEqual([roles.narrow, roles.assigner, roles.empty].sort());

    expect((await call('POST', '/sys/user/addSysUserRole', admin, { roleId: roles.wider, userIdList: [targetId] })).body.success).toBe(
      true,
    );
    const removed = await call('DELETE', `/sys/user/deleteUserRole?roleId=${roles.wider}&userId=${targetId}`, assigner);
    expect(removed.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await roleIdsOf(targetId)).not.toContain(roles.wider);
  });

  it('department roles: deptRoleUserAdd refuses a broader department role and is not fooled by listing it as already held', async () => {
    const wide = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', assigner, {
      userId: assignerId,
      newRoleId: departRoles.d_wide,
      oldRoleId: '',
    });
    expectRefused(wide);
    const mixed = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', assigner, {
      userId: targetId,
      newRoleId: `${departRoles.d_narrow},${departRoles.d_wide}`,
      oldRoleId: '',
    });
    expectRefused(mixed);
    const lying = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', assigner, {
      userId: targetId,
      newRoleId: departRoles.d_wide,
      oldRoleId: departRoles.d_wide,
    });
    expect(lying.body.success).toBe(true);
    expect(await departRoleIdsOf(assignerId)).toEqual([]);
    expect(await departRoleIdsOf(targetId)).toEqual([]);
  });

  it('department roles: a narrower one may be added, a broader one held already kept or removed', async () => {
    const narrow = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', assigner, {
      userId: targetId,
      newRoleId: departRoles.d_narrow,
      oldRoleId: '',
    });
    expect(narrow.body).toMatchObject({ success: true, message: '添加成功!' });
    expect(await departRoleIdsOf(targetId)).toEqual([departRoles.d_narrow]);

    expect(
      (
        await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', admin, {
          userId: targetId,
          newRoleId: `${departRoles.d_narrow},${departRoles.d_wide}`,
          oldRoleId: departRoles.d_narrow,
        })
      ).body.success,
    ).toBe(true);
    // the screen sends the whole selection; a stale "old" list does not turn a held role into an attachment
    const stale = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', assigner, {
      userId: targetId,
      newRoleId: `${departRoles.d_narrow},${departRoles.d_wide}`,
      oldRoleId: departRoles.d_narrow,
    });
    expect(stale.body.success).toBe(true);
    const removed = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', assigner, {
      userId: targetId,
      newRoleId: departRoles.d_narrow,
      oldRoleId: `${departRoles.d_narrow},${departRoles.d_wide}`,
    });
    expect(removed.body.success).toBe(true);
    expect(await departRoleIdsOf(targetId)).toEqual([departRoles.d_narrow]);
  });

  it('a department role of the caller counts as held: its menus may then be handed on', async () => {
    expect(
      (
        await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', admin, {
          userId: assignerId,
          newRoleId: departRoles.d_wide,
          oldRoleId: '',
        })
      ).body.success,
    ).toBe(true);
    const res = await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', assigner, {
      userId: targetId,
      newRoleId: `${departRoles.d_narrow},${departRoles.d_wide}`,
      oldRoleId: departRoles.d_narrow,
    });
    expect(res.body.success).toBe(true);
    expect(await departRoleIdsOf(targetId)).toEqual([departRoles.d_narrow, departRoles.d_wide].sort());
    // the role 'wider' also needs the user-list data rule, which the department role does not loosen
    expect((await call('POST', '/sys/user/addSysUserRole', assigner, { roleId: roles.wider, userIdList: [targetId] })).body.success).toBe(
      true,
    );
    expectRefused(await call('POST', '/sys/user/addSysUserRole', assigner, { roleId: roles.loose, userIdList: [targetId] }));
    expect(
      (
        await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', admin, {
          userId: assignerId,
          newRoleId: '',
          oldRoleId: departRoles.d_wide,
        })
      ).body.success,
    ).toBe(true);
    await call('DELETE', `/sys/user/deleteUserRole?roleId=${roles.wider}&userId=${targetId}`, admin);
  });

  it('the administrator account cannot be edited, reset or frozen by the non-admin', async () => {
    const edit = await call('PUT', '/sys/user/edit', assigner, await editForm(adminId, { realname: '改管理员' }));
    expect(edit.status).toBe(403);
    const reset = await call('PUT', '/sys/user/changePassword', assigner, { username: 'admin', password: 'N3w#Password' });
    expect(reset.status).toBe(403);
    const frozen = await call('PUT', '/sys/user/frozenBatch', assigner, { ids: adminId, status: '2' });
    expect(frozen.body).toMatchObject({ success: false, message: '管理员账号不允许此操作,请重新选择！' });
    const row = await t.db.selectFrom('sys_user').select(['realname', 'status']).where('id', '=', adminId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ realname: '管理员', status: 1 });
    await t.login('admin');
  });

  it('users imported by the non-admin get no roles, whatever the sheet says', async () => {
    const adminRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('导入');
    sheet.addRow(['用户账号', '用户姓名', '密码', '手机号码', '工号', '角色', 'selectedroles']);
    sheet.addRow(['ra_imported', '导入', PASSWORD, '13800139001', 'RAI001', 'admin', adminRole]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/user/importExcel',
      token: assigner,
      ...multipart({}, [{ name: 'u.xlsx', content: data }]),
    });
    expect(res.json()).toMatchObject({ success: true });
    expect(await roleIdsOf(await userId('ra_imported'))).toEqual([]);
  });

  it('an administrator keeps full power: any role, department role or the admin role', async () => {
    const adminRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
    const added = await call('POST', '/sys/user/add', admin, userForm('ra_by_admin', { selectedroles: `${roles.wider},${roles.loose}` }));
    expect(added.body.success).toBe(true);
    const id = await userId('ra_by_admin');
    expect((await call('POST', '/sys/user/addSysUserRole', admin, { roleId: adminRole, userIdList: [id] })).body.success).toBe(true);
    expect(
      (await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', admin, { userId: id, newRoleId: departRoles.d_wide, oldRoleId: '' })).body
        .success,
    ).toBe(true);
    expect(await roleIdsOf(id)).toEqual([roles.wider, roles.loose, adminRole].sort());
    expect(await departRoleIdsOf(id)).toEqual([departRoles.d_wide]);
  });
});
