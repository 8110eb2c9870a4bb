import type { PGlite } from '@electric-sql/pglite';
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

/** Longest stretch of back-to-back PGlite work before other callbacks (HTTP requests, timers) get a turn. */
const SLICE_MS = 10;

/**
 * PGlite runs inside this thread and settles each query through promises only, so a loop of awaited queries (an
 * import of 20,000 rows) is one unbroken microtask chain: no socket is read, no other request is answered, not even
 * a static file, until it ends (17 s measured by tools/bench/pglite-latency.ts). Before a query, once SLICE_MS of
 * such work has passed, this waits for setImmediate — after the event loop has polled for I/O — so other requests
 * are served in between and their queries take their turn at the lock.
 */
class EventLoopTurns {
  private sliceStart = performance.now();

  async take(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }
}

class PGliteConnection implements DatabaseConnection {
  private readonly turns = new EventLoopTurns();

  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    await this.turns.take();
    const res = await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[]);
    const affected = res.affectedRows;
    return {
      rows: res.rows,
      numAffectedRows: affected === undefined ? undefined : BigInt(affected),
    };
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

  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.lock.acquire();
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
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
    // the owner of the PGlite instance closes it (see openDatabase)
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
