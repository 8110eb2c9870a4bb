import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { LOG_TYPE_LOGIN } from '../../core/sys-log';
import { formatDay, startOfDay } from '../../core/time';

/** A visit is a successful sign-in (login log ending with "登录成功！"). */
const VISIT_CONTENT = '%,登录成功！';

function visits(db: Db) {
  return db.selectFrom('sys_log').where('log_type', '=', LOG_TYPE_LOGIN).where('log_content', 'like', VISIT_CONTENT);
}

export async function loginInfo(db: Db, now = new Date()) {
  const today = startOfDay(now);
  const total = await visits(db)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const todayRow = await visits(db)
    .where('create_time', '>=', today)
    .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`count(distinct ip)`.as('ips')])
    .executeTakeFirstOrThrow();
  return { totalVisitCount: Number(total.n), todayVisitCount: Number(todayRow.n), todayIp: Number(todayRow.ips) };
}

/** The last 7 days, oldest first, every day present: {visit, ip, tian: yyyy-MM-dd, type: MM-dd}. */
export async function visitInfo(db: Db, now = new Date()) {
  const from = startOfDay(now, -6);
  const rows = await visits(db).where('create_time', '>=', from).select(['create_time', 'ip']).execute();
  const days = Array.from({ length: 7 }, (_, i) => formatDay(startOfDay(now, i - 6)));
  const perDay = new Map(days.map((d) => [d, { visit: 0, ips: new Set<string>() }]));
  for (const row of rows) {
    if (!row.create_time) continue;
    const bucket = perDay.get(formatDay(row.create_time));
    if (!bucket) continue;
    bucket.visit += 1;
    if (row.ip) bucket.ips.add(row.ip);
  }
  return days.map((day) => ({ visit: perDay.get(day)!.visit, ip: perDay.get(day)!.ips.size, tian: day, type: day.slice(5) }));
}
