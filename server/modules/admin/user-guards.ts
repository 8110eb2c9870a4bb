import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { requireGrants } from '../../core/access-control';
import { businessError, forbidden } from '../../core/envelope';
import { ADMIN_ROLE_CODE } from '../../core/permissions';

export const ADMIN_REFUSED = '管理员账号不允许此操作！';
export const ADMIN_REFUSED_BATCH = '管理员账号不允许此操作,请重新选择！';

/** Those of `userIds` that hold the admin role. */
export async function adminUserIds(db: Db, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('ur.user_id')
    .where('r.role_code', '=', ADMIN_ROLE_CODE)
    .where('ur.user_id', 'in', [...userIds])
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/**
 * Freezing or deleting an administrator is refused, for everyone. The message follows the screen's case
 * as the original screen does: a row action says ADMIN_REFUSED, a selection (batch route) ADMIN_REFUSED_BATCH,
 * also when the selection holds the administrator alone.
 */
export async function refuseAdminTargets(db: Db, userIds: readonly string[], from: 'row' | 'selection'): Promise<void> {
  if ((await adminUserIds(db, userIds)).length > 0) throw businessError(from === 'selection' ? ADMIN_REFUSED_BATCH : ADMIN_REFUSED);
}

/** Only an administrator may change an administrator's account or hand out the admin role. */
export async function requireAdminFor(request: FastifyRequest, db: Db, touchesAdmin: boolean): Promise<void> {
  if (!touchesAdmin) return;
  const grants = await requireGrants(request, db);
  if (!grants.isAdmin) throw forbidden();
}

export async function roleIdsIncludeAdmin(db: Db, roleIds: readonly string[]): Promise<boolean> {
  if (roleIds.length === 0) return false;
  const row = await db
    .selectFrom('sys_role')
    .select('id')
    .where('id', 'in', [...roleIds])
    .where('role_code', '=', ADMIN_ROLE_CODE)
    .executeTakeFirst();
  return !!row;
}
