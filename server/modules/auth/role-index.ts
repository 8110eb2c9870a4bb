import { sql } from 'kysely';
import type { Db, SysPermission } from '../../db/types';

export interface RoleIndex {
  roleCode: string;
  url: string;
  component: string;
}

/**
 * The caller's home page from 首页配置 (sys_role_index): among the active rows (status '1') of the
 * caller's roles, the one with the smallest priority (then role code); none → null. The table belongs
 * to the entity engine and may not exist yet.
 */
export async function roleIndexOf(db: Db, roleCodes: readonly string[]): Promise<RoleIndex | null> {
  if (roleCodes.length === 0) return null;
  const exists = await sql<{ present: boolean }>`select to_regclass('sys_role_index') is not null as present`.execute(db);
  if (!exists.rows[0]?.present) return null;
  const rows = await sql<{ role_code: string; url: string; component: string }>`select role_code, url, component from sys_role_index
    where status = '1' and role_code in (${sql.join([...roleCodes])}) order by coalesce(priority, 0), role_code limit 1`.execute(db);
  const row = rows.rows[0];
  return row ? { roleCode: row.role_code, url: row.url, component: row.component } : null;
}

/**
 * The 首页 row as the role's home page: its component becomes the configured one; when the configured
 * route is another page of the caller's menu, the home route redirects there instead.
 */
export function applyRoleIndex(rows: SysPermission[], index: RoleIndex | null): SysPermission[] {
  if (!index) return rows;
  const home = rows.find((r) => r.name === '首页' && !r.parent_id);
  if (!home) return rows;
  const elsewhere = index.url !== home.url && rows.some((r) => r.id !== home.id && r.url === index.url && r.menu_type !== 2);
  return rows.map((r) => (r === home ? { ...r, component: index.component, redirect: elsewhere ? index.url : r.redirect } : r));
}
