import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResilientDriver } from '../../server/db/resilient-driver';
import { backends, startTestApp, type TestApp } from './support/app';

const hasPostgres = !!process.env.DATABASE_URL;

/** Ends every other connection to the app's database, as a DBA or a PostgreSQL restart would. */
async function terminateAppConnections(t: TestApp): Promise<number> {
  const { default: pg } = await import('pg');
  const {
    rows: [{ db }],
  } = await import('kysely').then(({ sql }) => sql<{ db: string }>`select current_database() as db`.execute(t.db));
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const res = await admin.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [db],
    );
    return res.rows.filter((r) => r.ended).length;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!hasPostgres)('PostgreSQL connections terminated under load', () => {
  let t: TestApp;
  let token = '';
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);
  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    t = await startTestApp('postgres');
    token = await t.login('admin');
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await t?.close();
  });

  const list = () => t.request({ method: 'GET', url: '/api/sys/user/list?pageNo=1&pageSize=10', token });

  it('keeps the process up, retries reads and serves every request afterwards', async () => {
    let running = true;
    const statuses: number[] = [];
    const worker = async () => {
      while (running) statuses.push((await list()).statusCode);
    };
    const workers = Array.from({ length: 10 }, worker);
    await new Promise((r) => setTimeout(r, 300));
    let ended = 0;
    for (let round = 0; round < 3; round++) {
      ended += await terminateAppConnections(t);
      await new Promise((r) => setTimeout(r, 200));
    }
    running = false;
    await Promise.all(workers);
    expect(ended).toBeGreaterThan(0);
    expect(uncaught).toEqual([]);
    expect(statuses.length).toBeGreaterThan(10);
    const after = await Promise.all(Array.from({ length: 20 }, list));
    expect(after.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(after.every((r) => r.json().success === true)).toBe(true);
    // reads that met a dead connection were retried on a new one
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('answers /ready 503 while the database refuses connections and 200 once it accepts them again', async () => {
    const { default: pg } = await import('pg');
    const { sql } = await import('kysely');
    const {
      rows: [{ db }],
    } = await sql<{ db: string }>`select current_database() as db`.execute(t.db);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`alter database ${db} allow_connections false`);
      await terminateAppConnections(t);
      for (const url of ['/ready', '/api/ready']) {
        const res = await t.request({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: 'DOWN', database: 'DOWN' });
      }
      expect((await t.request({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await admin.query(`alter database ${db} allow_connections true`);
      await admin.end();
    }
    expect((await t.request({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    expect((await list()).json().success).toBe(true);
  });
});

describe.each(backends())('health routes on %s', (backend) => {
  it('answers /health and /ready without a token, at the root and under the API base', async () => {
    const t = await startTestApp(backend);
    try {
      for (const url of ['/health', '/api/health', '/ready', '/api/ready']) {
        const res = await t.request({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 'UP' });
      }
    } finally {
      await t.close();
    }
  });
});

/** A pooled connection as pg has it: once its backend is terminated every statement fails with 57P01. */
class PooledConnection implements DatabaseConnection {
  terminated = false;
  constructor(readonly serial: number) {}

  async executeQuery<R>(): Promise<QueryResult<R>> {
    if (this.terminated) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    return { rows: [{ serial: this.serial } as R] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('not used');
  }
}

/**
 * pg's pool in what matters here: idle connections are handed out last in, first out, and the pool learns that a
 * terminated one is dead only when its socket closes, a moment after the statement failed.
 */
class Pool implements Driver {
  idle: PooledConnection[] = [];
  private opened = 0;
  private readonly dead = new Set<PooledConnection>();

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.idle.pop() ?? new PooledConnection(++this.opened);
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (!this.dead.has(connection as PooledConnection)) this.idle.push(connection as PooledConnection);
  }
  terminateAll(connections: PooledConnection[]): void {
    for (const c of connections) c.terminated = true;
    setTimeout(() => {
      for (const c of connections) this.dead.add(c);
      this.idle = this.idle.filter((c) => !c.terminated);
    }, 5);
  }
  async beginTransaction(): Promise<void> {}
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async destroy(): Promise<void> {}
}

describe('a read retried after its connection was terminated', () => {
  it('runs on a connection that answers, though every pooled connection was killed at once', async () => {
    const pool = new Pool();
    const driver = new ResilientDriver(pool);
    const warm = await Promise.all(Array.from({ length: 10 }, () => driver.acquireConnection()));
    for (const c of warm) await driver.releaseConnection(c);
    const pooled = [...pool.idle];
    expect(pooled).toHaveLength(10);
    pool.terminateAll(pooled);

    const read = async () => {
      const connection = await driver.acquireConnection();
      try {
        return (await connection.executeQuery<{ serial: number }>(CompiledQuery.raw('select id, username from sys_user'))).rows[0]!.serial;
      } finally {
        await driver.releaseConnection(connection);
      }
    };
    const results = await Promise.allSettled(Array.from({ length: 10 }, read));
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    // every answer came from a connection opened after the sweep
    expect(results.every((r) => r.status === 'fulfilled' && r.value > 10)).toBe(true);
  });
});
