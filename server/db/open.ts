import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { ResilientDriver } from './resilient-driver';
import type { Database, Db } from './types';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PGlite only: the data directory as a gzip tarball (test snapshots) */
  dumpDataDir?(): Promise<Blob>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const DATE_OID = 1082;

/** pg returns bigint and numeric as strings, PGlite as numbers: both become numbers; dates stay yyyy-MM-dd text. */
const toNumber = (v: string): number => Number(v);
const keepText = (v: string): string => v;

/** `max`: connections in the pool (10; the report pool opens its own small one). */
export async function openPostgres(databaseUrl: string, options: { max?: number } = {}): Promise<OpenDatabase> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    // a server that does not answer fails the request instead of holding it forever
    connectionTimeoutMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8_OID || oid === NUMERIC_OID) return toNumber;
        if (oid === DATE_OID) return keepText;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // pg emits 'error' when a pooled connection dies (PostgreSQL restarted, pg_terminate_backend, network cut):
  // on the pool for an idle client, on the client itself while it is checked out. With no listener either one
  // is an uncaught exception and the whole server stops. The failed statement rejects on its own; the pool
  // discards the broken client when it is released and opens a new one on demand.
  let lastReport = 0;
  const report = (err: Error) => {
    const now = Date.now();
    if (now - lastReport < 5_000) return;
    lastReport = now;
    process.stderr.write(`database: a connection was closed by the server (${err.message}); a new one will be opened\n`);
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const dialect = new PostgresDialect({ pool });
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => new ResilientDriver(dialect.createDriver()),
      createIntrospector: (k) => dialect.createIntrospector(k),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
  });
  databaseUrls.set(db, databaseUrl);
  poolUses.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return { db, kind: 'postgres', close: () => db.destroy() };
}

const databaseUrls = new WeakMap<Db, string>();
const backgroundHandles = new WeakMap<Db, Db>();

/**
 * PGlite: a second handle on the same database whose turns wait until other requests leave the one connection
 * free for a moment (reports run through it); undefined for PostgreSQL.
 */
export function backgroundDbOf(db: Db): Db | undefined {
  return backgroundHandles.get(db);
}

/** Connections of a PostgreSQL pool: open, idle, and requests waiting for one. */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

const poolUses = new WeakMap<Db, () => PoolUse>();

/** The pool use of a database handle (undefined for PGlite), for /metrics. */
export function poolUseOf(db: Db): PoolUse | undefined {
  return poolUses.get(db)?.();
}

/** The PostgreSQL URL a database handle was opened with (undefined for PGlite): the report pool opens its own. */
export function databaseUrlOf(db: Db): string | undefined {
  return databaseUrls.get(db);
}

export interface PGliteOpenOptions {
  /** directory for persistent files; omitted = in memory */
  dataDir?: string;
  /** a dumpDataDir() archive to start from (tests) */
  loadDataDir?: Blob;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite files must have one writer: a second server on the same DATA_DIR is refused. */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  let holder = NaN;
  try {
    holder = Number(readFileSync(lockFile, 'utf8').trim());
  } catch {
    // no lock file
  }
  if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
    throw new Error(`the database in ${dataDir} is in use by process ${holder}; stop it or use another DATA_DIR`);
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/**
 * PGlite in a worker thread (see pglite-worker.ts): its statements never block this thread, and one that overruns
 * a statement_timeout is stopped. Without dataDir the files live in a temporary directory removed at close.
 */
export async function openPGlite(options: PGliteOpenOptions): Promise<OpenDatabase> {
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  const { PGliteWorkerHost } = await import('./pglite-worker');
  const host = await PGliteWorkerHost.start({ dataDir: options.dataDir, loadDataDir: options.loadDataDir }).catch((err: unknown) => {
    unlock();
    throw err;
  });
  const { PGliteDialect, TurnLock } = await import('./pglite-dialect');
  const lock = new TurnLock();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(host, lock) });
  backgroundHandles.set(db, new Kysely<Database>({ dialect: new PGliteDialect(host, lock, true) }));
  let closed = false;
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => host.dumpDataDir(),
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
      await host.close();
      unlock();
    },
  };
}

/** DATABASE_URL → PostgreSQL; otherwise PGlite persisted under DATA_DIR/pglite. */
export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<OpenDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPGlite({ dataDir: join(config.dataDir, 'pglite') });
}
