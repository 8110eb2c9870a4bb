import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { StatementTimeoutError, type PGliteWorkerHost } from './pglite-worker';

/** PGlite is one connection: queries and transactions take turns through this lock. */
class TurnLock {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const turn = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return turn;
  }
}

/** `set [local] statement_timeout = N` (what report queries send): PGlite accepts it but has no timer to enforce it. */
const SET_TIMEOUT = /^\s*set\s+(local\s+)?statement_timeout\s*(?:=|to)\s*'?(\d+)'?\s*;?\s*$/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\b/i;

/**
 * The one connection to PGlite, which runs in a worker thread (pglite-worker.ts). A transaction that sets a
 * statement_timeout gets it enforced here, over the whole transaction: a statement still running when the time is up
 * ends the thread and fails with PostgreSQL's timeout error (57014), and the next statement finds a fresh database.
 */
class PGliteConnection implements DatabaseConnection {
  private deadline: number | null = null;
  private sessionTimeoutMs = 0;

  constructor(private readonly host: PGliteWorkerHost) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const text = compiled.sql;
    const limit = SET_TIMEOUT.exec(text);
    if (limit) {
      const ms = Number(limit[2]);
      if (limit[1]) this.deadline = ms > 0 ? performance.now() + ms : null;
      else this.sessionTimeoutMs = ms;
    }
    let deadline = this.deadline ?? (this.sessionTimeoutMs > 0 ? performance.now() + this.sessionTimeoutMs : null);
    if (TRANSACTION_END.test(text)) {
      this.deadline = null;
      deadline = null;
    }
    const remaining = deadline === null ? undefined : deadline - performance.now();
    if (remaining !== undefined && remaining <= 0) throw new StatementTimeoutError();
    const res = await this.host.query<R>(text, compiled.parameters, remaining);
    const affected = res.affectedRows;
    return {
      rows: res.rows,
      numAffectedRows: affected === undefined ? undefined : BigInt(affected),
    };
  }

  /** A new transaction starts without the previous one's limit. */
  startTransaction(): void {
    this.deadline = null;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private readonly lock = new TurnLock();
  private readonly connection: PGliteConnection;
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(host: PGliteWorkerHost) {
    this.connection = new PGliteConnection(host);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (conn instanceof PGliteConnection) conn.startTransaction();
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const release = this.releases.get(conn);
    this.releases.delete(conn);
    release?.();
  }

  async destroy(): Promise<void> {
    // the owner of the worker host closes it (see openPGlite)
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly host: PGliteWorkerHost) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.host);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
