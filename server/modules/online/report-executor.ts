import { createHmac } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { businessError } from '../../core/envelope';
import { resolveTokenSecret } from '../../core/tokens';
import { backgroundDbOf, databaseUrlOf, openPostgres, type OpenDatabase } from '../../db/open';
import { STATEMENT_TIMEOUT_CODE } from '../../db/pglite-worker';
import type { Database, Db } from '../../db/types';
import { ReportGate } from './report-gate';
import { CREDENTIAL_TABLES } from './sql-guard';
import { REPORT_TIMEOUT_MS, reportReaderRole, reportTimeoutMessage, switchToReaderRole, withReadOnly } from './sql-runner';

/** Connections of the report pool (PostgreSQL): reports never take the application's own connections. */
export const REPORT_POOL_SIZE = 3;
const REPORT_LIMITS = {
  postgres: { global: REPORT_POOL_SIZE, perUser: 2, queueTimeoutMs: 10_000, queueLength: 50 },
  // one connection: one report at a time, and a report never waits behind more than a few others
  pglite: { global: 1, perUser: 1, queueTimeoutMs: 3_000, queueLength: 20 },
};

/** Where report queries run: admission, time limit and the connection they use. */
export interface ReportExecutor {
  readonly timeoutMs: number;
  /** `fn` in a read-only transaction under the time limit, once the user's report may start */
  run<T>(user: string, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface ReportSetup {
  executor: ReportExecutor;
  /** why reports do not connect as their own login role (PostgreSQL), for the log */
  fallback?: string;
}

function isTimeout(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === STATEMENT_TIMEOUT_CODE;
}

function executor(db: Db, timeoutMs: number, gate: ReportGate, close: () => Promise<void>): ReportExecutor {
  return {
    timeoutMs,
    run: (user, fn) =>
      gate.run(user, async () => {
        try {
          return await withReadOnly(db, fn, timeoutMs);
        } catch (err) {
          if (isTimeout(err)) throw businessError(reportTimeoutMessage(timeoutMs));
          throw err;
        }
      }),
    close,
  };
}

/** The login role's password: derived from the server secret, so every instance of one deployment agrees. */
async function readerPassword(db: Db, tokenSecret: string | undefined, roleName: string): Promise<string> {
  const secret = await resolveTokenSecret(db, tokenSecret);
  return createHmac('sha256', secret).update(`${roleName}:login`).digest('base64url');
}

/**
 * Creates (when the server's user may) the LOGIN role reports connect as, with SELECT on the public tables except
 * the credential ones, read-only and a statement timeout as its own defaults. Answers a reason when it cannot.
 */
async function setupReaderRole(db: Db, roleName: string, password: string): Promise<string | null> {
  const me = await sql<{ can: boolean }>`select (rolcreaterole or rolsuper) as can from pg_roles where rolname = current_user`.execute(db);
  if (!me.rows[0]?.can) return 'the database user may not create roles';
  const role = sql.id(roleName);
  const exists = async () => (await sql`select 1 from pg_roles where rolname = ${roleName}`.execute(db)).rows.length > 0;
  if (!(await exists())) {
    try {
      await sql`create role ${role} login`.execute(db);
    } catch (err) {
      if (!(await exists())) throw err; // created meanwhile by another instance
    }
  }
  await sql`alter role ${role} with login nosuperuser nocreatedb nocreaterole noinherit connection limit 30 password ${sql.lit(password)}`.execute(
    db,
  );
  await sql.raw(`alter role ${roleName} set statement_timeout = ${REPORT_TIMEOUT_MS.postgres}`).execute(db);
  await sql`alter role ${role} set default_transaction_read_only = on`.execute(db);
  await sql`grant ${role} to current_user`.execute(db).catch(() => undefined);
  await sql`grant usage on schema public to ${role}`.execute(db);
  await sql`grant select on all tables in schema public to ${role}`.execute(db);
  await sql`alter default privileges in schema public grant select on tables to ${role}`.execute(db);
  const secret = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_name in (${sql.join([...CREDENTIAL_TABLES].map((t) => sql`${t}`))})`.execute(db);
  for (const { name } of secret.rows) await sql`revoke all on ${sql.id(name)} from ${role}`.execute(db);
  return null;
}

async function openReaderPool(url: string, roleName: string, password: string): Promise<OpenDatabase> {
  const reader = new URL(url);
  reader.username = roleName;
  reader.password = password;
  const pool = await openPostgres(reader.toString(), { max: REPORT_POOL_SIZE });
  try {
    const who = await sql<{ u: string }>`select session_user as u`.execute(pool.db);
    if (who.rows[0]?.u !== roleName) throw new Error(`connected as ${who.rows[0]?.u}`);
    return pool;
  } catch (err) {
    await pool.close();
    throw err;
  }
}

/**
 * Report queries on PGlite run on the one embedded connection, one at a time, under its short time limit. On
 * PostgreSQL they run on a small pool of their own that logs in as the report reader role; when that role cannot be
 * created or cannot log in, the pool uses the server's login and switches to the role per transaction (or, without
 * a role, relies on READ ONLY transactions), and `fallback` says why.
 */
export async function setupReportExecutor(db: Db, tokenSecret: string | undefined): Promise<ReportSetup> {
  const url = databaseUrlOf(db);
  if (!url)
    return { executor: executor(backgroundDbOf(db) ?? db, REPORT_TIMEOUT_MS.pglite, new ReportGate(REPORT_LIMITS.pglite), async () => {}) };
  const gate = new ReportGate(REPORT_LIMITS.postgres);
  const database = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const roleName = reportReaderRole(database.rows[0]!.name);
  const password = await readerPassword(db, tokenSecret, roleName);
  let reason: string | null = null;
  // instances starting at once on one cluster update the same role row: "tuple concurrently updated" is retried
  for (let attempt = 1; ; attempt++) {
    try {
      reason = await setupReaderRole(db, roleName, password);
      break;
    } catch (err) {
      if (attempt < 3) {
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 300));
        continue;
      }
      reason = `the report role could not be set up: ${(err as Error).message}`;
      break;
    }
  }
  if (!reason) {
    // withReadOnly on the application's own connections switches to the role too
    switchToReaderRole(db, roleName);
    try {
      const pool = await openReaderPool(url, roleName, password);
      return { executor: executor(pool.db, REPORT_TIMEOUT_MS.postgres, gate, () => pool.close()) };
    } catch (err) {
      reason = `the report role cannot log in (${(err as Error).message}); report queries switch to it with SET ROLE`;
    }
  }
  const pool = await openPostgres(url, { max: REPORT_POOL_SIZE });
  if (reason.endsWith('SET ROLE')) switchToReaderRole(pool.db, roleName);
  return { executor: executor(pool.db, REPORT_TIMEOUT_MS.postgres, gate, () => pool.close()), fallback: reason };
}
