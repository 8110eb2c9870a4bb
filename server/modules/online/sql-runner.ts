import { createHash } from 'node:crypto';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/types';
import { businessError } from '../../core/envelope';
import { formatDateTime, formatDay } from '../../core/time';
import type { CheckedSql } from './sql-guard';

export const REPORT_VARIABLE_MESSAGE = '报表SQL使用了不支持的系统变量';

export interface ReportUser {
  username: string;
  realname: string | null;
  orgCode: string | null;
}

/** The data-rule variables (#{sys_user_code} …) a report SQL may use. */
export function systemVariables(user: ReportUser, now = new Date()): Record<string, string> {
  const values = {
    sys_user_code: user.username,
    sys_user_name: user.realname ?? '',
    sys_org_code: user.orgCode ?? '',
    sys_date: formatDay(now),
    sys_time: formatDateTime(now) ?? '',
  };
  const camel = Object.entries(values).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]);
  return { ...values, ...Object.fromEntries(camel) };
}

/**
 * The checked report SQL with every placeholder bound as a parameter (never text substitution):
 * `${p}` reads `params[p]` ('' when absent), `#{v}` reads the system variables.
 */
export function compileReportSql(checked: CheckedSql, params: Record<string, string>, system: Record<string, string>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql.raw(checked.pieces[0])];
  checked.placeholders.forEach((p, i) => {
    let value: string;
    if (p.kind === 'param') value = Object.hasOwn(params, p.name) ? params[p.name] : '';
    else {
      if (!Object.hasOwn(system, p.name)) throw businessError(REPORT_VARIABLE_MESSAGE);
      value = system[p.name];
    }
    parts.push(sql`${value}`, sql.raw(checked.pieces[i + 1]));
  });
  return sql.join(parts, sql``);
}

/**
 * The role report queries run as on PostgreSQL: SELECT on public tables except the credential ones
 * (report-executor.ts). Roles belong to the whole cluster, so each database has its own: deployments sharing a
 * cluster with different secrets would otherwise keep resetting one role's password under each other.
 */
export function reportReaderRole(databaseName: string): string {
  return `xypj_report_${createHash('sha256').update(databaseName).digest('hex').slice(0, 12)}`;
}
const readerRoles = new WeakMap<Db, string>();

/** Report queries on `db` switch to `role` (it exists and the server's user is a member). */
export function switchToReaderRole(db: Db, role: string): void {
  readerRoles.set(db, role);
}

/**
 * Time limit of one report run. PostgreSQL enforces it per statement. PGlite holds the server's only connection
 * while a report runs, so there it covers the whole run and is short: a report over it ends the database thread,
 * which reopens in a few hundred milliseconds, and every other request waits less than a second.
 */
export const REPORT_TIMEOUT_MS = { postgres: 5000, pglite: 400 } as const;
/** kept for callers that do not say which backend */
export const REPORT_STATEMENT_TIMEOUT_MS = REPORT_TIMEOUT_MS.postgres;

export function reportTimeoutMessage(ms: number): string {
  return `报表查询超过${Number((ms / 1000).toFixed(1))}秒，已终止`;
}

/**
 * Runs `fn` in a READ ONLY transaction (as the reader role when set up) with a statement timeout, enforced on both
 * backends (on PGlite by the driver, see pglite-dialect.ts).
 */
export function withReadOnly<T>(
  db: Db,
  fn: (trx: Transaction<Database>) => Promise<T>,
  timeoutMs: number = REPORT_STATEMENT_TIMEOUT_MS,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    await sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`).execute(trx);
    const role = readerRoles.get(db);
    if (role) await sql`set local role ${sql.id(role)}`.execute(trx);
    return fn(trx);
  });
}
