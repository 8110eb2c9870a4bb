import type { Db } from '../../db/types';

export const MAX_FAILURES = 5;
export const LOCK_MS = 10 * 60 * 1000;
export const LOCKED_MESSAGE = '登录失败次数过多，账号已锁定，请10分钟后再试';

/** Failures are counted per user name as typed (lower-cased), known or not, so both behave alike. */
const keyOf = (username: string) => username.trim().toLowerCase();

export async function isLocked(db: Db, username: string, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('sys_login_attempt')
    .select('locked_until')
    .where('username', '=', keyOf(username))
    .executeTakeFirst();
  return !!row?.locked_until && row.locked_until.getTime() > now.getTime();
}

/** Counts one failure; the MAX_FAILURES-th within a lock period locks the name for LOCK_MS. */
export async function recordFailure(db: Db, username: string, now = new Date()): Promise<void> {
  const key = keyOf(username);
  const row = await db
    .selectFrom('sys_login_attempt')
    .select(['fail_count', 'last_fail_time', 'locked_until'])
    .where('username', '=', key)
    .executeTakeFirst();
  const stale =
    !row ||
    (row.locked_until !== null && row.locked_until.getTime() <= now.getTime()) ||
    now.getTime() - row.last_fail_time.getTime() > LOCK_MS;
  const count = stale ? 1 : row.fail_count + 1;
  const lockedUntil = count >= MAX_FAILURES ? new Date(now.getTime() + LOCK_MS) : null;
  await db
    .insertInto('sys_login_attempt')
    .values({ username: key, fail_count: count, last_fail_time: now, locked_until: lockedUntil })
    .onConflict((oc) =>
      oc.column('username').doUpdateSet({ fail_count: count, last_fail_time: now, locked_until: lockedUntil }),
    )
    .execute();
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('sys_login_attempt').where('username', '=', keyOf(username)).execute();
}
