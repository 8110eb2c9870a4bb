import type { Db } from '../db/types';

export const ADMIN_ROLE_CODE = 'admin';

export interface Grants {
  roleCodes: string[];
  isAdmin: boolean;
  /** perms codes of enabled rows linked to the user's roles (comma-separated perms are split) */
  codes: Set<string>;
}

export async function loadRoleCodes(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('r.role_code')
    .where('ur.user_id', '=', userId)
    .execute();
  return rows.map((r) => r.role_code);
}

/**
 * Ids of the permission rows granted to a user: through the user's roles, and
 * through the department roles the user holds.
 */
export function grantedPermissionIds(db: Db, userId: string) {
  return db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .select('rp.permission_id')
    .where('ur.user_id', '=', userId)
    .union(
      db
        .selectFrom('sys_depart_role_permission as drp')
        .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
        .select('drp.permission_id')
        .where('dru.user_id', '=', userId),
    );
}

export async function loadGrants(db: Db, userId: string): Promise<Grants> {
  const roleCodes = await loadRoleCodes(db, userId);
  const rows = await db
    .selectFrom('sys_permission as p')
    .select(['p.perms'])
    .where('p.id', 'in', grantedPermissionIds(db, userId))
    .where('p.del_flag', '=', 0)
    .where((eb) => eb.or([eb('p.status', 'is', null), eb('p.status', '=', '1')]))
    .where('p.perms', 'is not', null)
    .execute();
  const codes = new Set<string>();
  for (const row of rows) {
    for (const code of (row.perms ?? '').split(',')) if (code.trim()) codes.add(code.trim());
  }
  return { roleCodes, isAdmin: roleCodes.includes(ADMIN_ROLE_CODE), codes };
}

/** The admin role holds every code; otherwise any one of `required` must be granted. */
export function hasAnyCode(grants: Grants, required: string | readonly string[]): boolean {
  if (grants.isAdmin) return true;
  const list = typeof required === 'string' ? [required] : required;
  return list.some((code) => grants.codes.has(code));
}
