import { splitIds } from '../../core/tokens';
import type { Db } from '../../db/types';
import { allDeparts, departDescendants } from './depart-tree';

export const IDENTITY_MEMBER = 1;
export const IDENTITY_LEADER = 2;

/** 身份 of a user: 2 上级 (leads the departments in depart_ids), otherwise 1 普通用户. */
export async function userIdentity(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('sys_user').select('user_identity').where('id', '=', userId).executeTakeFirst();
  return row?.user_identity === IDENTITY_LEADER ? IDENTITY_LEADER : IDENTITY_MEMBER;
}

/** The departments a 上级 leads and every department below them; none for anyone else. */
export async function ledDepartIds(db: Db, userId: string): Promise<string[]> {
  const user = await db.selectFrom('sys_user').select(['depart_ids', 'user_identity']).where('id', '=', userId).executeTakeFirst();
  if (user?.user_identity !== IDENTITY_LEADER) return [];
  return departDescendants(await allDeparts(db), splitIds(user.depart_ids));
}

/** Departments the user leads (depart_ids) or belongs to, with their descendants. */
export async function myDepartIds(db: Db, userId: string): Promise<string[]> {
  const user = await db.selectFrom('sys_user').select(['depart_ids', 'user_identity']).where('id', '=', userId).executeTakeFirst();
  const member = await db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', userId).execute();
  const roots = [...splitIds(user?.depart_ids), ...member.map((m) => m.dep_id)];
  return departDescendants(await allDeparts(db), roots);
}
