import { sql } from 'kysely';
import type { Db } from '../../db/types';

export const MAX_FAILURES = 5;
export const LOCK_MS = 10 * 60 * 1000;
export const LOCKED_MESSAGE = '登录失败次数过多，账号已锁定，请10分钟后再试';

/** Failures are counted per user name as typed (lower-cased), known or not, so both behave alike. */
const keyOf = (username: string) => username.trim().toLowerCase();

export async function isLocked(db: Db, username: string, now = new Date()): Promise<boolean> {
  const row = await db.selectFrom('sys_login_attempt').select('locked_until').where('username', '=', keyOf(username)).executeTakeFirst();
  return !!row?.locked_until && row.locked_until.getTime() > now.getTime();
}

/**
 * Counts a password attempt BEFORE the password is checked, in one statement, so parallel attempts cannot
 * lose updates: the count is computed by the database and returned. Attempts 1..MAX_FAILURES may check the
 * password (the MAX_FAILURES-th locks the name for LOCK_MS unless it succeeds and clearFailures lifts it);
 * any later attempt, or one while the lock holds, is refused unchecked. A lock that has passed, or a last
 * failure older than LOCK_MS, starts the count again.
 */
export async function claimAttempt(db: Db, username: string, now = new Date()): Promise<'check' | 'locked'> {
  const key = keyOf(username);
  const staleBefore = new Date(now.getTime() - LOCK_MS);
  const lockUntil = new Date(now.getTime() + LOCK_MS);
  const res = await sql<{ fail_count: number }>`
    insert into sys_login_attempt as a (username, fail_count, last_fail_time, locked_until)
    values (${key}, 1, ${now}, null)
    on conflict (username) do update set
      fail_count = case
        when a.locked_until > ${now} then a.fail_count + 1
        when a.locked_until is not null or a.last_fail_time < ${staleBefore} then 1
        else a.fail_count + 1 end,
      locked_until = case
        when a.locked_until > ${now} then a.locked_until
        when a.locked_until is null and a.last_fail_time >= ${staleBefore} and a.fail_count + 1 >= ${MAX_FAILURES} then ${lockUntil}::timestamptz
        else null end,
      last_fail_time = ${now}
    returning fail_count`.execute(db);
  return Number(res.rows[0]?.fail_count) <= MAX_FAILURES ? 'check' : 'locked';
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('sys_login_attempt').where('username', '=', keyOf(username)).execute();
}
