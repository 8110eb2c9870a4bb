import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/types';
import { businessError } from '../../core/envelope';
import { formatDateTime, formatDay } from '../../core/time';
import { CREDENTIAL_TABLES, type CheckedSql } from './sql-guard';

export const REPORT_STATEMENT_TIMEOUT_MS = 5000;
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

/** The NOLOGIN role report queries run as on PostgreSQL: SELECT on public tables except the credential ones. */
export const REPORT_READER_ROLE = 'xypj_report_reader';
const readerRoles = new WeakMap<Db, boolean>();

/**
 * On PostgreSQL, creates (when the server's user may) the report reader role, grants it SELECT on the public
 * tables except the credential ones, and makes report queries `SET LOCAL ROLE` to it. Answers whether it is used;
 * when not, the caller logs why once and report queries rely on READ ONLY alone.
 */
export async function setupReaderRole(db: Db): Promise<{ used: boolean; reason?: string }> {
  try {
    const version = await sql<{ v: string }>`select version() as v`.execute(db);
    if (/pglite/i.test(version.rows[0]?.v ?? '')) return { used: false, reason: 'PGlite (one embedded user)' };
    const me = await sql<{ can: boolean }>`select (rolcreaterole or rolsuper) as can from pg_roles where rolname = current_user`.execute(db);
    if (!me.rows[0]?.can) return { used: false, reason: 'the database user may not create roles' };
    const role = sql.id(REPORT_READER_ROLE);
    const exists = async () => (await sql`select 1 from pg_roles where rolname = ${REPORT_READER_ROLE}`.execute(db)).rows.length > 0;
    if (!(await exists())) {
      try {
        await sql`create role ${role} nologin`.execute(db);
      } catch (err) {
        if (!(await exists())) throw err; // created meanwhile by another instance
      }
    }
    await sql`grant ${role} to current_user`.execute(db).catch(() => undefined);
    await sql`grant usage on schema public to ${role}`.execute(db);
    await sql`grant select on all tables in schema public to ${role}`.execute(db);
    await sql`alter default privileges in schema public grant select on tables to ${role}`.execute(db);
    const secret = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_name in (${sql.join([...CREDENTIAL_TABLES].map((t) => sql`${t}`))})`.execute(db);
    for (const { name } of secret.rows) await sql`revoke all on ${sql.id(name)} from ${role}`.execute(db);
    await db.transaction().execute(async (trx) => {
      await sql`set local role ${role}`.execute(trx);
      await sql`select 1`.execute(trx);
    });
    readerRoles.set(db, true);
    return { used: true };
  } catch (err) {
    return { used: false, reason: (err as Error).message };
  }
}

/**
 * Runs `fn` in a READ ONLY transaction (as the reader role when set up) with a statement timeout (enforced on PostgreSQL; PGlite accepts
 * the setting, and report queries there are bounded by the row cap instead).
 */
export function withReadOnly<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    await sql.raw(`set local statement_timeout = ${REPORT_STATEMENT_TIMEOUT_MS}`).execute(trx);
    if (readerRoles.get(db)) await sql`set local role ${sql.id(REPORT_READER_ROLE)}`.execute(trx);
    return fn(trx);
  });
}
