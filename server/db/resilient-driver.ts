import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * SQLSTATEs and driver messages of a connection that is gone (terminated by pg_terminate_backend, a PostgreSQL
 * restart or a network cut), as opposed to a statement the database refused.
 */
const CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
]);
const CONNECTION_MESSAGE = /connection terminated|connection error|not queryable|Connection ended|terminating connection/i;

export function isConnectionError(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  return typeof message === 'string' && CONNECTION_MESSAGE.test(message);
}

/** A plain read, safe to run twice: a select (or a raw "select …") that neither locks rows nor calls sequence or lock functions. */
export function isRetryableRead(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind !== 'SelectQueryNode' && kind !== 'RawNode') return false;
  const text = query.sql.trimStart().toLowerCase();
  if (!text.startsWith('select') && !(kind === 'SelectQueryNode' && text.startsWith('with'))) return false;
  return !/\bfor\s+(update|share|no key update|key share)\b|nextval|setval|pg_advisory|pg_terminate|pg_cancel|\binsert\b|\bupdate\b|\bdelete\b/.test(
    text,
  );
}

const ACQUIRE_ATTEMPTS = 3;
const READ_ATTEMPTS = 3;
const REPLACE_ATTEMPTS = 5;
const PROBE = CompiledQuery.raw('select 1');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The connection the driver hands out: the inner one, swapped for a new one when a read meets a dead connection. */
class ResilientConnection implements DatabaseConnection {
  inTransaction = false;
  /** true once a failed replacement left no connection to give back */
  detached = false;
  constructor(
    private readonly owner: ResilientDriver,
    public inner: DatabaseConnection,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.inner.executeQuery<R>(query);
      } catch (err) {
        // inside a transaction the earlier statements died with the connection: only the caller can start over
        if (attempt >= READ_ATTEMPTS || this.inTransaction || !isConnectionError(err) || !isRetryableRead(query)) throw err;
        this.inner = await this.owner.replace(this.inner).catch((replaceErr: unknown) => {
          this.detached = true;
          throw replaceErr;
        });
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * Wraps Kysely's PostgreSQL driver: acquiring a connection is retried on connection errors (nothing was sent
 * yet), and a read outside a transaction that fails because its connection died runs once more on a new
 * connection. Writes and statements in a transaction are never repeated: their error reaches the caller.
 */
export class ResilientDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ResilientConnection(this, await this.acquireInner());
  }

  private async acquireInner(): Promise<DatabaseConnection> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.inner.acquireConnection();
      } catch (err) {
        if (attempt >= ACQUIRE_ATTEMPTS || !isConnectionError(err)) throw err;
        await sleep(50 * attempt);
      }
    }
  }

  /**
   * Gives back a dead connection and takes one that answers. The pool learns that a terminated connection is dead
   * only when its socket closes, a moment after the error: until then it hands the same one (or another killed in
   * the same sweep) straight back. So each candidate waits for those events and proves itself with `select 1`.
   */
  async replace(dead: DatabaseConnection): Promise<DatabaseConnection> {
    let candidate = dead;
    for (let attempt = 1; ; attempt++) {
      await this.inner.releaseConnection(candidate).catch(() => undefined);
      await sleep(10 * attempt);
      candidate = await this.acquireInner();
      try {
        await candidate.executeQuery(PROBE);
        return candidate;
      } catch (err) {
        if (attempt < REPLACE_ATTEMPTS && isConnectionError(err)) continue;
        await this.inner.releaseConnection(candidate).catch(() => undefined);
        throw err;
      }
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as ResilientConnection;
    // "begin" itself may be repeated on a new connection: nothing ran on the dead one yet
    try {
      await this.inner.beginTransaction(c.inner, settings);
    } catch (err) {
      if (!isConnectionError(err)) throw err;
      c.inner = await this.replace(c.inner).catch((replaceErr: unknown) => {
        c.detached = true;
        throw replaceErr;
      });
      await this.inner.beginTransaction(c.inner, settings);
    }
    c.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ResilientConnection;
    try {
      await this.inner.commitTransaction(c.inner);
    } finally {
      c.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ResilientConnection;
    try {
      await this.inner.rollbackTransaction(c.inner);
    } finally {
      c.inTransaction = false;
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.((connection as ResilientConnection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.((connection as ResilientConnection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.((connection as ResilientConnection).inner, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as ResilientConnection;
    if (!c.detached) await this.inner.releaseConnection(c.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
