import type { FastifyRequest } from 'fastify';
import { businessError } from '../../core/envelope';
import { newId } from '../../core/ids';
import { splitIds } from '../../core/tokens';
import type { Db } from '../../db/types';
import { idList } from './common';
import { adminUserIds, requireAdminFor } from './user-guards';

/**
 * 部门负责人: the users who lead a department are those with 身份 上级 (user_identity 2) whose 负责部门
 * (depart_ids) name it, so the department form and the user form edit the same data.
 */
export async function directorsByDepart(db: Db): Promise<Map<string, string[]>> {
  const leaders = await db
    .selectFrom('sys_user')
    .select(['id', 'depart_ids'])
    .where('del_flag', '=', 0)
    .where('user_identity', '=', 2)
    .where('depart_ids', 'is not', null)
    .orderBy('username')
    .execute();
  const out = new Map<string, string[]>();
  for (const leader of leaders)
    for (const departId of splitIds(leader.depart_ids)) out.set(departId, [...(out.get(departId) ?? []), leader.id]);
  return out;
}

export interface DirectorChange {
  departId: string;
  added: Array<{ id: string; depart_ids: string | null }>;
  removed: Array<{ id: string; depart_ids: string | null }>;
}

/**
 * Checks a new list of heads for `departId` (every user must exist; only an administrator may make an
 * administrator head or take the role away) and returns what changes. `departId` undefined: a new department.
 */
export async function planDirectors(
  request: FastifyRequest,
  db: Db,
  departId: string | undefined,
  value: unknown,
): Promise<Omit<DirectorChange, 'departId'>> {
  const wanted = idList(value, '部门负责人', { required: false });
  const users = wanted.length
    ? await db.selectFrom('sys_user').select(['id', 'depart_ids']).where('id', 'in', wanted).where('del_flag', '=', 0).execute()
    : [];
  if (users.length !== wanted.length) throw businessError('部门负责人不存在');
  const current = departId
    ? (await db.selectFrom('sys_user').select(['id', 'depart_ids']).where('depart_ids', 'is not', null).execute()).filter((u) =>
        splitIds(u.depart_ids).includes(departId),
      )
    : [];
  const added = users.filter((u) => !current.some((c) => c.id === u.id));
  const removed = current.filter((c) => !wanted.includes(c.id));
  const touched = [...added, ...removed].map((u) => u.id);
  await requireAdminFor(request, db, (await adminUserIds(db, touched)).length > 0);
  return { added, removed };
}

/** Applies a planned change inside the caller's transaction: heads get 身份 上级, the department and membership. */
export async function applyDirectors(trx: Db, { departId, added, removed }: DirectorChange): Promise<void> {
  for (const user of added) {
    const departs = [...new Set([...splitIds(user.depart_ids), departId])];
    await trx
      .updateTable('sys_user')
      .set({ user_identity: 2, depart_ids: departs.join(',') })
      .where('id', '=', user.id)
      .execute();
    await trx
      .insertInto('sys_user_depart')
      .values({ id: newId(), user_id: user.id, dep_id: departId })
      .onConflict((oc) => oc.columns(['user_id', 'dep_id']).doNothing())
      .execute();
  }
  for (const user of removed) {
    const departs = splitIds(user.depart_ids).filter((id) => id !== departId);
    await trx
      .updateTable('sys_user')
      .set(departs.length ? { depart_ids: departs.join(',') } : { depart_ids: null, user_identity: 1 })
      .where('id', '=', user.id)
      .execute();
  }
}

/** Deleted departments leave the 负责部门 of their heads (a user left leading nothing becomes 普通用户). */
export async function forgetDirectedDeparts(trx: Db, departIds: readonly string[]): Promise<void> {
  const gone = new Set(departIds);
  const leaders = await trx.selectFrom('sys_user').select(['id', 'depart_ids']).where('depart_ids', 'is not', null).execute();
  for (const leader of leaders) {
    const before = splitIds(leader.depart_ids);
    const after = before.filter((id) => !gone.has(id));
    if (after.length === before.length) continue;
    await trx
      .updateTable('sys_user')
      .set(after.length ? { depart_ids: after.join(',') } : { depart_ids: null, user_identity: 1 })
      .where('id', '=', leader.id)
      .execute();
  }
}
