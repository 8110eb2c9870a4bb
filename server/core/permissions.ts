import { sql } from 'kysely';
import type { Db } from '../db/types';

export const ADMIN_ROLE_CODE = 'admin';

export interface Grants {
  roleCodes: string[];
  isAdmin: boolean;
  /** perms codes of enabled rows linked to the user's roles (comma-separated perms are split); empty for an administrator */
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

/** A permission row that counts: not deleted, enabled, with codes. */
const LIVE_PERMISSION = sql`p.del_flag = 0 and (p.status is null or p.status = '1') and p.perms is not null`;

/**
 * The role codes of a user and, unless one of them is the admin role (which holds every code, see hasAnyCode), the
 * codes of the permissions granted through the user's roles and department roles: one round trip. Joins start from
 * the user's own rows, so the plan stays a few index lookups per granted row even on tables never analysed (PGlite
 * has no autovacuum); `id in (<union>)` was planned as a nested loop over every permission times every grant.
 */
export async function loadGrants(db: Db, userId: string): Promise<Grants> {
  const rows = await sql<{ code: string; is_role: boolean }>`
    select r.role_code as code, true as is_role
      from sys_user_role ur join sys_role r on r.id = ur.role_id
      where ur.user_id = ${userId}
    union all
    select g.perms, false from (
      select p.perms from sys_user_role ur
        join sys_role_permission rp on rp.role_id = ur.role_id
        join sys_permission p on p.id = rp.permission_id
        where ur.user_id = ${userId} and ${LIVE_PERMISSION}
      union
      select p.perms from sys_depart_role_user dru
        join sys_depart_role_permission drp on drp.role_id = dru.drole_id
        join sys_permission p on p.id = drp.permission_id
        where dru.user_id = ${userId} and ${LIVE_PERMISSION}
    ) g
    where not exists (
      select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id
        where ur.user_id = ${userId} and r.role_code = ${ADMIN_ROLE_CODE})`.execute(db);
  const roleCodes: string[] = [];
  const codes = new Set<string>();
  for (const row of rows.rows) {
    if (row.is_role) roleCodes.push(row.code);
    else for (const code of row.code.split(',')) if (code.trim()) codes.add(code.trim());
  }
  return { roleCodes, isAdmin: roleCodes.includes(ADMIN_ROLE_CODE), codes };
}

/** The admin role holds every code; otherwise any one of `required` must be granted. */
export function hasAnyCode(grants: Grants, required: string | readonly string[]): boolean {
  if (grants.isAdmin) return true;
  const list = typeof required === 'string' ? [required] : required;
  return list.some((code) => grants.codes.has(code));
}
