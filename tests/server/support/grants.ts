import type { TestApp } from './app';

const PASSWORD = 'Str0ng#Pass1';
let seq = 0;

/**
 * Signs in a new user whose one role holds exactly `permissionIds` (menu and button rows of schemas/menus),
 * so a test can tell which code each route checks. Needs the administrator's token.
 */
export async function userWithGrants(t: TestApp, admin: string, permissionIds: readonly string[]): Promise<string> {
  const n = `${Date.now() % 100000}${seq++}`;
  const call = async (url: string, payload: object) => {
    const res = await t.request({ method: 'POST', url: `/api${url}`, token: admin, payload });
    const body = res.json() as { success: boolean; message: string };
    if (!body.success) throw new Error(`${url}: ${body.message}`);
  };
  const roleCode = `grants_${n}`;
  await call('/sys/role/add', { roleName: `授权${n}`, roleCode });
  const role = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', roleCode).executeTakeFirstOrThrow();
  await call('/sys/permission/saveRolePermission', { roleId: role.id, permissionIds: permissionIds.join(','), lastpermissionIds: '' });
  const username = `grants${n}`;
  await call('/sys/user/add', {
    username,
    realname: `授权用户${n}`,
    password: PASSWORD,
    workNo: `GW${n}`,
    phone: `139${n.padStart(8, '0').slice(-8)}`,
    selectedroles: role.id,
    selecteddeparts: 'd_a01a03',
  });
  return t.login(username, PASSWORD);
}
