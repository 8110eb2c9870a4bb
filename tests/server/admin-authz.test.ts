import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

const PASSWORD = 'Str0ng#Pass1';

describe.each(backends())('roles, menus and data rules on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: any } };
  };
  const roleId = async (code: string) =>
    (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;
  const menuIds = (tree: Array<{ key: string; title: string; children?: unknown[] }>): Map<string, string> => {
    const out = new Map<string, string>();
    const walk = (nodes: Array<{ key: string; title: string; children?: unknown[] }>) =>
      nodes.forEach((n) => {
        out.set(n.title, n.key);
        if (n.children) walk(n.children as typeof nodes);
      });
    walk(tree);
    return out;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('validates roles and refuses a duplicate code', async () => {
    expect((await call('POST', '/sys/role/add', admin, { roleName: '测试', roleCode: '' })).body.message).toBe('请输入角色编码!');
    expect((await call('POST', '/sys/role/add', admin, { roleName: '', roleCode: 'x1' })).body.message).toBe('请输入角色名称!');
    expect((await call('POST', '/sys/role/add', admin, { roleName: '测', roleCode: 'x1' })).body.message).toBe('长度在 2 到 30 个字符');
    expect((await call('POST', '/sys/role/add', admin, { roleName: '重复', roleCode: 'admin' })).body.message).toBe('角色编码已存在');
    expect((await call('GET', '/sys/role/checkRoleCode?roleCode=admin', admin)).body).toMatchObject({
      success: false,
      message: '角色编码已存在',
    });
    expect((await call('DELETE', `/sys/role/delete?id=${await roleId('admin')}`, admin)).body.message).toBe('管理员角色不允许删除');
    const list = await call('GET', '/sys/role/list?roleName=*专家*', admin);
    expect(list.body.result.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(['xypj_expert']);
  });

  it('a role granted user:add but not user:edit can add users and is refused edit (403); menus follow grants at once', async () => {
    expect((await call('POST', '/sys/role/add', admin, { roleName: '用户录入员', roleCode: 'user_clerk' })).body.success).toBe(true);
    const clerkRole = await roleId('user_clerk');
    const tree = await call('GET', '/sys/role/queryTreeList', admin);
    const ids = menuIds(tree.body.result.treeList);
    const granted = [ids.get('系统管理')!, ids.get('用户管理')!, ids.get('添加用户')!];
    const save = await call('POST', '/sys/permission/saveRolePermission', admin, {
      roleId: clerkRole,
      permissionIds: granted.join(','),
      lastpermissionIds: '',
    });
    expect(save.body).toMatchObject({ success: true, message: '保存成功！' });
    expect((await call('GET', `/sys/permission/queryRolePermission?roleId=${clerkRole}`, admin)).body.result.sort()).toEqual(
      [...granted].sort(),
    );

    await call('POST', '/sys/user/add', admin, {
      username: 'clerk1',
      realname: '录入员',
      password: PASSWORD,
      workNo: 'C0001',
      phone: '13912340001',
      selectedroles: clerkRole,
      selecteddeparts: 'd_a01a03',
    });
    const clerk = await t.login('clerk1', PASSWORD);
    const perms = await call('GET', '/sys/permission/getUserPermissionByToken', clerk);
    const titles = JSON.stringify(perms.body.result.menu);
    expect(titles).toContain('用户管理');
    expect(perms.body.result.auth.map((a: { action: string }) => a.action)).toContain('user:add');
    expect(perms.body.result.auth.map((a: { action: string }) => a.action)).not.toContain('user:edit');

    const added = await call('POST', '/sys/user/add', clerk, {
      username: 'clerk_made',
      realname: '新人',
      password: PASSWORD,
      workNo: 'C0002',
      phone: '13912340002',
    });
    expect(added.body.success).toBe(true);
    const list = await call('GET', '/sys/user/list?username=clerk_made', clerk);
    const id = list.body.result.records[0].id;
    const edit = await call('PUT', '/sys/user/edit', clerk, { id, realname: '改名', workNo: 'C0002', phone: '13912340002' });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe('没有权限，请联系管理员授权');
    const escalate = await call('POST', '/sys/user/add', clerk, {
      username: 'clerk_boss',
      realname: '提权',
      password: PASSWORD,
      workNo: 'C0003',
      phone: '13912340003',
      selectedroles: await roleId('admin'),
    });
    expect(escalate.status).toBe(403);

    const revoke = await call('POST', '/sys/permission/saveRolePermission', admin, {
      roleId: clerkRole,
      permissionIds: granted.slice(0, 2).join(','),
      lastpermissionIds: granted.join(','),
    });
    expect(revoke.body.success).toBe(true);
    const after = await call('GET', '/sys/permission/getUserPermissionByToken', clerk);
    expect(after.body.result.auth.map((a: { action: string }) => a.action)).not.toContain('user:add');
    expect(
      (
        await call('POST', '/sys/user/add', clerk, {
          username: 'clerk_late',
          realname: '迟到',
          password: PASSWORD,
          workNo: 'C0004',
          phone: '13912340004',
        })
      ).status,
    ).toBe(403);
  });

  it('a data rule sysOrgCode = #{sys_org_code} limits the user list to the caller department', async () => {
    const tree = menuIds((await call('GET', '/sys/permission/queryTreeList', admin)).body.result.treeList);
    const userMenu = tree.get('用户管理')!;
    const sqlRule = await call('POST', '/sys/permission/addPermissionRule', admin, {
      permissionId: userMenu,
      ruleName: 'sql',
      ruleColumn: 'x',
      ruleConditions: 'USE_SQL_RULES',
      ruleValue: '1=1',
    });
    expect(sqlRule.body).toMatchObject({ success: false, message: '不支持自定义SQL规则' });
    const noCondition = await call('POST', '/sys/permission/addPermissionRule', admin, {
      permissionId: userMenu,
      ruleName: 'x',
      ruleColumn: 'x',
      ruleConditions: '',
      ruleValue: '1',
    });
    expect(noCondition.body.message).toBe('请选择条件!');
    const badVar = await call('POST', '/sys/permission/addPermissionRule', admin, {
      permissionId: userMenu,
      ruleName: 'x',
      ruleColumn: 'x',
      ruleConditions: 'eq',
      ruleValue: '#{nope}',
    });
    expect(badVar.body.message).toBe('规则值中的系统变量不存在');
    const add = await call('POST', '/sys/permission/addPermissionRule', admin, {
      permissionId: userMenu,
      ruleName: '本部门',
      ruleColumn: 'sysOrgCode',
      ruleConditions: 'eq',
      ruleValue: '#{sys_org_code}',
    });
    expect(add.body.success).toBe(true);
    const rules = await call('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${userMenu}`, admin);
    const ruleId = rules.body.result[0].id;

    expect((await call('POST', '/sys/role/add', admin, { roleName: '部门负责人', roleCode: 'dept_head' })).body.success).toBe(true);
    const headRole = await roleId('dept_head');
    const beforeGrant = await call('POST', '/sys/role/datarule', admin, { permissionId: userMenu, roleId: headRole, dataRuleIds: ruleId });
    expect(beforeGrant.body.message).toBe('请先保存角色菜单权限!');
    await call('POST', '/sys/permission/saveRolePermission', admin, {
      roleId: headRole,
      permissionIds: `${tree.get('系统管理')},${userMenu}`,
      lastpermissionIds: '',
    });
    expect(
      (await call('POST', '/sys/role/datarule', admin, { permissionId: userMenu, roleId: headRole, dataRuleIds: ruleId })).body.success,
    ).toBe(true);
    const choice = await call('GET', `/sys/role/datarule/${userMenu}/${headRole}`, admin);
    expect(choice.body.result).toMatchObject({ drChecked: ruleId });

    await call('POST', '/sys/user/add', admin, {
      username: 'head1',
      realname: '负责人',
      password: PASSWORD,
      workNo: 'H0001',
      phone: '13912340101',
      selectedroles: headRole,
      selecteddeparts: 'd_a01a02',
    });
    const head = await t.login('head1', PASSWORD);
    const list = await call('GET', '/sys/user/list?pageSize=100', head);
    const names = list.body.result.records.map((r: { username: string }) => r.username).sort();
    expect(names).toEqual(['expert', 'head1', 'reviewer2', 'reviewer3']);
    // the org-code lookup reads the same users under the same rules
    const byOrg = await call('GET', '/sys/user/queryByOrgCode?orgCode=A01&pageSize=100', head);
    expect(byOrg.body.result.records.map((r: { username: string }) => r.username).sort()).toEqual([
      'expert',
      'head1',
      'reviewer2',
      'reviewer3',
    ]);
    const adminList = await call('GET', '/sys/user/list?pageSize=100', admin);
    expect(adminList.body.result.total).toBeGreaterThan(2);
  });

  it('normalises menu component and url, keeps leaf flags, and deleting a menu cleans its links', async () => {
    const parent = (await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/isystem').executeTakeFirstOrThrow()).id;
    const missingParent = await call('POST', '/sys/permission/add', admin, { name: '无上级', menuType: 1 });
    expect(missingParent.body.message).toBe('请检查你填的类型以及信息是否正确！');
    const add = await call('POST', '/sys/permission/add', admin, {
      name: '测试页',
      menuType: 1,
      parentId: parent,
      url: 'isystem/test.vue',
      component: '/src/views/system/TestList.vue',
      route: true,
    });
    expect(add.body.success).toBe(true);
    const row = await t.db.selectFrom('sys_permission').selectAll().where('name', '=', '测试页').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ url: '/isystem/test', component: 'system/TestList', is_leaf: 1 });
    await call('POST', '/sys/permission/add', admin, { name: '测试按钮', menuType: 2, parentId: row.id, perms: 'test:btn' });
    expect((await t.db.selectFrom('sys_permission').select('is_leaf').where('id', '=', row.id).executeTakeFirstOrThrow()).is_leaf).toBe(0);
    const top = await call('POST', '/sys/permission/add', admin, { name: '顶级', menuType: 0, url: '/top' });
    expect(top.body.success).toBe(true);
    expect(
      await t.db.selectFrom('sys_permission').select(['component', 'parent_id']).where('name', '=', '顶级').executeTakeFirstOrThrow(),
    ).toEqual({ component: 'layouts/RouteView', parent_id: null });

    await call('POST', '/sys/permission/addPermissionRule', admin, {
      permissionId: row.id,
      ruleName: '规则',
      ruleColumn: 'createBy',
      ruleConditions: 'eq',
      ruleValue: '#{sys_user_code}',
    });
    await call('POST', '/sys/permission/saveRolePermission', admin, {
      roleId: 'r_xypj_staff',
      permissionIds: `m_system,${row.id}`,
      lastpermissionIds: '',
    });
    const staff = await t.login('staff');
    expect(JSON.stringify((await call('GET', '/sys/permission/getUserPermissionByToken', staff)).body.result.menu)).toContain('测试页');

    const del = await call('DELETE', `/sys/permission/delete?id=${row.id}`, admin);
    expect(del.body.success).toBe(true);
    expect(await t.db.selectFrom('sys_permission').select('id').where('parent_id', '=', row.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('sys_role_permission').select('id').where('permission_id', '=', row.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', row.id).execute()).toEqual([]);
    expect(JSON.stringify((await call('GET', '/sys/permission/getUserPermissionByToken', staff)).body.result.menu)).not.toContain('测试页');

    const list = await call('GET', '/sys/permission/list', admin);
    const system = list.body.result.find((n: { url: string }) => n.url === '/isystem');
    expect(system).toMatchObject({ title: '系统管理', leaf: false, route: true });
    expect(
      (await call('GET', '/sys/permission/getSystemMenuList', admin)).body.result.every((m: { menuType: number }) => m.menuType === 0),
    ).toBe(true);
    const bad = await call('POST', '/sys/permission/add', admin, {
      name: 'x',
      menuType: 1,
      parentId: parent,
      url: 'https://a.example/"><script>alert(1)</script>',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('菜单路径格式不正确');
  });

  it('deleting a role removes its user and permission links', async () => {
    await call('POST', '/sys/role/add', admin, { roleName: '临时角色', roleCode: 'temp_role' });
    const id = await roleId('temp_role');
    await call('POST', '/sys/permission/saveRolePermission', admin, { roleId: id, permissionIds: 'm_system', lastpermissionIds: '' });
    await call('POST', '/sys/user/addSysUserRole', admin, { roleId: id, userIdList: ['u_demo_staff'] });
    expect((await call('DELETE', `/sys/role/delete?id=${id}`, admin)).body.success).toBe(true);
    expect(await t.db.selectFrom('sys_user_role').select('id').where('role_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('sys_role_permission').select('id').where('role_id', '=', id).execute()).toEqual([]);
  });

  it('every admin route refuses users without the code', async () => {
    const expert = await t.login('expert');
    for (const url of [
      '/sys/user/list',
      '/sys/role/list',
      '/sys/permission/list',
      '/sys/dict/list',
      '/sys/tenant/list',
      '/sys/category/rootList',
    ]) {
      expect((await call('GET', url, expert)).status).toBe(403);
    }
    expect((await call('GET', '/sys/user/list', '')).status).toBe(401);
  });
});
