import type { FastifyRequest } from 'fastify';
import { requireGrants, requireSession } from '../../core/access-control';
import { forbidden } from '../../core/envelope';
import { grantedPermissionIds } from '../../core/permissions';
import type { Db } from '../../db/types';

export const UNHELD_GRANT_REFUSED = '不能授予您自己没有的权限';
export const OWN_ROLE_RULES_REFUSED = '不能修改自己所属角色的数据规则';

/**
 * A grant save adds `next − last` (see saveGrantDiff). Someone who is not an administrator may add
 * only menus and buttons they hold themselves, so the authorisation screens cannot raise anyone,
 * the caller included, above the caller.
 */
export async function refuseUnheldGrants(
  request: FastifyRequest,
  db: Db,
  next: readonly string[],
  last: readonly string[],
  current: readonly string[],
): Promise<void> {
  if ((await requireGrants(request, db)).isAdmin) return;
  const known = new Set([...last, ...current]);
  const added = next.filter((id) => !known.has(id));
  if (added.length === 0) return;
  const held = new Set((await grantedPermissionIds(db, requireSession(request).user.id).execute()).map((r) => r.permission_id));
  if (added.some((id) => !held.has(id))) throw forbidden(UNHELD_GRANT_REFUSED);
}

/** Data rules narrow what a role sees; outside administrators, nobody loosens those of a role they hold. */
export async function refuseOwnRoleRules(
  request: FastifyRequest,
  db: Db,
  link: { roleId: string } | { departRoleId: string },
): Promise<void> {
  if ((await requireGrants(request, db)).isAdmin) return;
  const userId = requireSession(request).user.id;
  const member =
    'roleId' in link
      ? await db
          .selectFrom('sys_user_role')
          .select('id')
          .where('user_id', '=', userId)
          .where('role_id', '=', link.roleId)
          .executeTakeFirst()
      : await db
          .selectFrom('sys_depart_role_user')
          .select('id')
          .where('user_id', '=', userId)
          .where('drole_id', '=', link.departRoleId)
          .executeTakeFirst();
  if (member) throw forbidden(OWN_ROLE_RULES_REFUSED);
}
