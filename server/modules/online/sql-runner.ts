import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/types';
import { businessError } from '../../core/envelope';
import { formatDateTime, formatDay } from '../../core/time';

export const REPORT_STATEMENT_TIMEOUT_MS = 5000;
export const REPORT_SQL_MESSAGE = '报表SQL配置不正确，只允许单条查询语句';
export const REPORT_VARIABLE_MESSAGE = '报表SQL使用了不支持的系统变量';

/** `'${p}'` and `${p}` (report parameters), `'#{v}'` and `#{v}` (system variables). */
const PLACEHOLDER = /'\$\{(\w{1,32})\}'|\$\{(\w{1,32})\}|'#\{(\w{1,32})\}'|#\{(\w{1,32})\}/g;

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

/** The administrator's SQL without trailing semicolons; refused unless it is one SELECT (or WITH) statement. */
export function checkedReportSql(text: string): string {
  const body = text.trim().replace(/(;\s*)+$/, '');
  if (!/^(select|with)\s/i.test(body) || body.includes(';') || /\$\d/.test(body)) throw businessError(REPORT_SQL_MESSAGE);
  return body;
}

/**
 * The report SQL with every placeholder turned into a bound parameter (never text substitution):
 * `${p}` reads `params[p]` ('' when absent), `#{v}` reads the system variables.
 */
export function compileReportSql(text: string, params: Record<string, string>, system: Record<string, string>): RawBuilder<unknown> {
  const body = checkedReportSql(text);
  const pieces: RawBuilder<unknown>[] = [];
  let last = 0;
  for (const m of body.matchAll(PLACEHOLDER)) {
    pieces.push(sql.raw(body.slice(last, m.index)));
    const param = m[1] ?? m[2];
    const variable = m[3] ?? m[4];
    let value: string;
    if (param !== undefined) {
      value = Object.hasOwn(params, param) ? params[param] : '';
    } else {
      if (!Object.hasOwn(system, variable)) throw businessError(REPORT_VARIABLE_MESSAGE);
      value = system[variable];
    }
    pieces.push(sql`${value}`);
    last = m.index + m[0].length;
  }
  pieces.push(sql.raw(body.slice(last)));
  return sql.join(pieces, sql``);
}

/**
 * Runs `fn` in a READ ONLY transaction with a statement timeout (enforced on PostgreSQL; PGlite accepts
 * the setting, and report queries there are bounded by the row cap instead).
 */
export function withReadOnly<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    await sql.raw(`set local statement_timeout = ${REPORT_STATEMENT_TIMEOUT_MS}`).execute(trx);
    return fn(trx);
  });
}
