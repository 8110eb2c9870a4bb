import type { Db, SysDepart, SysUser } from '../../db/types';
import { toJsonRow, type JsonValue } from '../../core/json';
import { splitIds } from '../../core/tokens';
import { allDictItems } from '../system/dicts';

const WRITE_ONLY_USER_COLUMNS = ['password', 'salt', 'third_id', 'third_type'] as const;

/** SysUser JSON of the login result: password and salt never leave the server. */
export function userInfoJson(user: SysUser): Record<string, JsonValue> {
  return { ...toJsonRow(user, WRITE_ONLY_USER_COLUMNS), orgCodeTxt: null, homePath: null };
}

export function departJson(depart: SysDepart): Record<string, JsonValue> {
  return { ...toJsonRow(depart), directorUserIds: null, oldDirectorUserIds: null };
}

export async function userDeparts(db: Db, userId: string): Promise<SysDepart[]> {
  return db
    .selectFrom('sys_depart as d')
    .innerJoin('sys_user_depart as ud', 'ud.dep_id', 'd.id')
    .selectAll('d')
    .where('ud.user_id', '=', userId)
    .orderBy('d.depart_order')
    .orderBy('d.org_code')
    .execute();
}

export async function activeUserTenants(db: Db, user: SysUser) {
  const ids = splitIds(user.rel_tenant_ids)
    .map(Number)
    .filter((n) => Number.isInteger(n));
  if (ids.length === 0) return { linked: false, tenants: [] };
  const tenants = await db.selectFrom('sys_tenant').selectAll().where('id', 'in', ids).where('status', '=', 1).orderBy('id').execute();
  return { linked: true, tenants };
}

export const ALL_TENANTS_FROZEN = '与该用户关联的租户均已被冻结，无法登录！';

/**
 * The login result (docs/api.md, "Login and tokens"). Sets the user's current department as JeecgBoot does:
 * one department → that one; several → the first when none is set.
 */
export async function buildLoginResult(db: Db, user: SysUser, token: string, tenants: Awaited<ReturnType<typeof activeUserTenants>>) {
  const departs = await userDeparts(db, user.id);
  let current = user;
  const multiDepart = departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2;
  const wanted = multiDepart === 1 ? departs[0].org_code : multiDepart === 2 && !user.org_code ? departs[0].org_code : user.org_code;
  if (wanted !== user.org_code) {
    await db.updateTable('sys_user').set({ org_code: wanted }).where('id', '=', user.id).execute();
    current = { ...user, org_code: wanted };
  }
  const result: Record<string, unknown> = {
    token,
    userInfo: userInfoJson(current),
    departs: departs.map(departJson),
    multi_depart: multiDepart,
    sysAllDictItems: await allDictItems(db),
  };
  result.tenantList = tenants.tenants.map((t) => toJsonRow(t));
  return result;
}
