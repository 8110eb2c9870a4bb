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
import { StatementTimeoutError, type PGliteWorkerHost, type WorkerQueryResult } from './pglite-worker';

/** How long the database must have been free of other requests before a background transaction (a report) starts. */
const QUIET_MS = 50;
/** A background transaction waits at most this long for such a quiet moment. */
const BACKGROUND_MAX_WAIT_MS = 2000;

/**
 * PGlite is one connection: queries and transactions take turns through this lock, in arrival order. Background
 * turns (reports, which may hold the connection up to their time limit) go only when no other turn waits and none
 * ended in the last QUIET_MS: a request making several queries in a row is not overtaken by a report between them.
 */
export class TurnLock {
  private busy = false;
  private readonly waiting: Array<() => void> = [];
  private readonly background: Array<{ grant: () => void; since: number }> = [];
  private lastRelease = 0;
  private timer: NodeJS.Timeout | null = null;

  acquire(background = false): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        this.busy = true;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.busy = false;
          if (!background) this.lastRelease = performance.now();
          this.next();
        });
      };
      if (background) this.background.push({ grant, since: performance.now() });
      else this.waiting.push(grant);
      this.next();
    });
  }

  private next(): void {
    if (this.busy) return;
    const turn = this.waiting.shift();
    if (turn) return turn();
    const first = this.background[0];
    if (!first) return;
    const now = performance.now();
    const quietFor = now - this.lastRelease;
    if (quietFor >= QUIET_MS || now - first.since >= BACKGROUND_MAX_WAIT_MS) {
      this.background.shift();
      return first.grant();
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.next();
    }, QUIET_MS - quietFor);
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
  /** the database thread was replaced during this transaction */
  private ended = false;

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
    if (this.ended && TRANSACTION_END.test(text)) {
      // the thread that held this transaction was replaced: there is nothing left to roll back
      this.ended = false;
      return { rows: [] };
    }
    let res: WorkerQueryResult<R>;
    try {
      res = await this.host.query<R>(text, compiled.parameters, remaining);
    } catch (err) {
      if (err instanceof StatementTimeoutError) this.ended = true;
      throw err;
    }
    const affected = res.affectedRows;
    return {
      rows: res.rows,
      numAffectedRows: affected === undefined ? undefined : BigInt(affected),
    };
  }

  /** A new transaction starts without the previous one's limit. */
  startTransaction(): void {
    this.deadline = null;
    this.ended = false;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(
    host: PGliteWorkerHost,
    private readonly lock: TurnLock,
    private readonly background: boolean,
  ) {
    this.connection = new PGliteConnection(host);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire(this.background);
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

/** `background`: this handle's turns wait for a quiet moment (see TurnLock); every handle on one host shares its lock. */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly host: PGliteWorkerHost,
    private readonly lock: TurnLock,
    private readonly background = false,
  ) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.host, this.lock, this.background);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
