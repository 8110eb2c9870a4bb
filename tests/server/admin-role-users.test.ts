import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySeedData } from '../../server/db/seed/index';
import { backends, startTestApp, type TestApp } from './support/app';

const ROLE_USER_BUTTONS = ['role:add', 'role:auth', 'role:delete', 'role:edit', 'role:export', 'role:import', 'role:users'];

describe.each(backends())('角色用户 screen on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) =>
    t.request({ method, url: `/api${url}`, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
  const idOf = async (username: string) =>
    (await t.db.selectFrom('sys_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('the menu 角色用户 (system/RoleUserList) under 系统管理 carries role:list and the role buttons, granted to admin', async () => {
    const menu = (await call('GET', '/sys/permission/getUserPermissionByToken', admin)).json().result;
    const system = menu.menu.find((m: { meta: { title: string } }) => m.meta.title === '系统管理');
    expect(system.children).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/isystem/roleUserList', component: 'system/RoleUserList', name: 'RoleUserList' }),
      ]),
    );
    const buttons = await t.db
      .selectFrom('sys_permission as p')
      .innerJoin('sys_role_permission as rp', 'rp.permission_id', 'p.id')
      .innerJoin('sys_role as r', 'r.id', 'rp.role_id')
      .select(['p.perms'])
      .where('p.parent_id', '=', 'm_system_roleuser')
      .where('r.role_code', '=', 'admin')
      .orderBy('p.perms')
      .execute();
    expect(buttons.map((b) => b.perms)).toEqual(ROLE_USER_BUTTONS);
    const row = await t.db
      .selectFrom('sys_permission')
      .select(['perms', 'is_leaf'])
      .where('id', '=', 'm_system_roleuser')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ perms: 'role:list', is_leaf: 0 });
  });

  it('an existing database without the menu gets it at the next seed pass', async () => {
    const ids = [
      'm_system_roleuser',
      ...(await t.db.selectFrom('sys_permission').select('id').where('parent_id', '=', 'm_system_roleuser').execute()).map((r) => r.id),
    ];
    await t.db.deleteFrom('sys_role_permission').where('permission_id', 'in', ids).execute();
    await t.db.deleteFrom('sys_permission').where('id', 'in', ids).execute();
    await t.db
      .deleteFrom('sys_seed_applied')
      .where(
        'seed_key',
        'in',
        ids.map((id) => `menu:${id}`),
      )
      .execute();
    expect((await applySeedData(t.db)).sort()).toEqual(ids.map((id) => `menu:${id}`).sort());
    expect(await t.db.selectFrom('sys_permission').select('id').where('id', 'in', ids).execute()).toHaveLength(ids.length);
  });

  it('adds existing users to the chosen role, lists them, and removes them one by one or as a selection', async () => {
    const [expert, company] = [await idOf('expert'), await idOf('company')];
    const roleId = 'r_xypj_staff';
    expect((await call('POST', '/sys/user/addSysUserRole', admin, { roleId, userIdList: [expert, company] })).json()).toMatchObject({
      success: true,
      message: '添加成功!',
    });
    const listed = (await call('GET', `/sys/user/userRoleList?roleId=${roleId}&pageSize=50`, admin))
      .json()
      .result.records.map((r: { username: string }) => r.username);
    expect(listed).toEqual(expect.arrayContaining(['expert', 'company', 'staff']));
    expect((await call('DELETE', `/sys/user/deleteUserRole?roleId=${roleId}&userId=${expert}`, admin)).json().success).toBe(true);
    expect((await call('DELETE', `/sys/user/deleteUserRoleBatch?roleId=${roleId}&userIds=${company},`, admin)).json().success).toBe(true);
    const after = (await call('GET', `/sys/user/userRoleList?roleId=${roleId}&pageSize=50`, admin))
      .json()
      .result.records.map((r: { username: string }) => r.username);
    expect(after).toEqual(['staff']);
  });

  it('needs role:users for the member routes (403 otherwise, 401 anonymous)', async () => {
    const expertToken = await t.login('expert');
    const company = await idOf('company');
    expect((await call('GET', '/sys/user/userRoleList?roleId=r_xypj_staff', expertToken)).statusCode).toBe(403);
    expect(
      (await call('POST', '/sys/user/addSysUserRole', expertToken, { roleId: 'r_xypj_staff', userIdList: [company] })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/sys/user/deleteUserRoleBatch?roleId=r_xypj_company&userIds=${company}`, expertToken)).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/sys/user/userRoleList?roleId=r_xypj_staff')).statusCode).toBe(401);
    expect(
      await t.db
        .selectFrom('sys_user_role')
        .select('id')
        .where('user_id', '=', company)
        .where('role_id', '=', 'r_xypj_staff')
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
