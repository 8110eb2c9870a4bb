/**
 * Two instances of the server on one PostgreSQL database and one Redis (REDIS_URL, default
 * redis://127.0.0.1:6379/0, under a key prefix of their own): what one instance does is seen by the other.
 * Runs when DATABASE_URL is set and Redis answers; skipped otherwise.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openPostgres, type OpenDatabase } from '../../server/db/open';
import { multipart } from './support/forms';
import { createThrowawayPostgres, TEST_PASSWORDS } from './support/database';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const SAMPLE_JOB = 'org.jeecg.modules.quartz.job.SampleJob';
const SCHEDULE_MS = 61_000;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('shared-between-instances')]);

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = !!process.env.DATABASE_URL && (await redisAnswers(REDIS_URL));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, ms = 3000): Promise<T> {
  for (let waited = 0; ; waited += 25) {
    const value = await check();
    if (value !== undefined) return value;
    if (waited >= ms) throw new Error('timed out');
    await sleep(25);
  }
}

interface Socket {
  ws: WebSocket;
  received: unknown[];
}

function connect(url: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const received: unknown[] = [];
    ws.on('message', (data) => received.push(JSON.parse(data.toString())));
    ws.on('open', () => resolve({ ws, received }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

interface Instance {
  app: FastifyInstance;
  database: OpenDatabase;
  ws: string;
}

describe.skipIf(!available)('two instances on one PostgreSQL database and Redis', () => {
  const prefix = `xypj_t_${randomBytes(4).toString('hex')}:`;
  let throwaway: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let a: Instance;
  let b: Instance;
  const sockets: Socket[] = [];
  let scheduledAt = 0;

  async function start(url: string): Promise<Instance> {
    const database = await openPostgres(url);
    const config = testConfig({
      tokenSecret: 'test-token-secret-not-for-production',
      loginCaptcha: false,
      redisUrl: REDIS_URL,
      redisPrefix: prefix,
      cacheTtlMs: 60_000,
      rateLimits: { ...testConfig().rateLimits, login: { max: 5, windowMs: 60_000 } },
    });
    const app = await buildApp({ db: database.db, config });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return { app, database, ws: `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api` };
  }

  const call = (on: Instance, options: InjectOptions & { token?: string }) => {
    const { token, headers, ...rest } = options;
    return on.app.inject({ ...rest, headers: { ...(headers ?? {}), ...(token ? { 'x-access-token': token } : {}) } });
  };
  const login = async (on: Instance, username: string, remoteAddress = '127.0.0.1') => {
    const password = username === 'admin' ? TEST_PASSWORDS.admin : TEST_PASSWORDS.demo;
    const res = await on.app.inject({ method: 'POST', url: '/api/sys/login', payload: { username, password }, remoteAddress });
    return res;
  };
  const tokenOf = async (on: Instance, username: string) => (await login(on, username)).json().result.token as string;
  const ticket = async (on: Instance, token: string) =>
    (await call(on, { method: 'GET', url: '/api/sys/socket/ticket', token })).json().result.ticket as string;
  const open = async (url: string) => {
    const socket = await connect(url);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    throwaway = await createThrowawayPostgres();
    a = await start(throwaway.url);
    b = await start(throwaway.url);
    // a one-second job both instances schedule for the whole file; checked by the last test, after a minute
    await sql`update sys_quartz_job set status = 0, cron_expression = '0/1 * * * * ? *' where job_class_name = ${SAMPLE_JOB}`.execute(
      a.database.db,
    );
    scheduledAt = Date.now();
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    for (const instance of [a, b]) {
      await instance?.app.close();
      await instance?.database.close();
    }
    await throwaway?.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts sign-in attempts from one address on both instances against one limit', async () => {
    const from = '10.20.30.40';
    const statuses: number[] = [];
    for (const on of [a, b, a, b, a]) statuses.push((await login(on, 'nobody_here', from)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const overA = await login(a, 'admin', from);
    expect(overA.statusCode).toBe(429);
    expect(overA.json().message).toBe('请求过于频繁，请稍后再试');
    expect((await login(b, 'admin', from)).statusCode).toBe(429);
    // another address still signs in
    expect((await login(b, 'admin', '10.20.30.41')).json().success).toBe(true);
  });

  it('opens a notice socket on B with a ticket issued by A, and a notice sent through A reaches it', async () => {
    const staff = await tokenOf(a, 'staff');
    const bell = await open(`${b.ws}/websocket/u_demo_staff?ticket=${await ticket(a, staff)}`);
    a.app.deps.notices.notifyUser('u_demo_staff', { cmd: 'user', msgId: 'cross-1', msgTxt: '跨实例通知' });
    expect(await eventually(() => bell.received.find((m) => (m as { msgId?: string }).msgId === 'cross-1'))).toEqual({
      cmd: 'user',
      msgId: 'cross-1',
      msgTxt: '跨实例通知',
    });
    a.app.deps.notices.notifyAll({ cmd: 'topic', msgId: 'cross-2', msgTxt: '系统通知' });
    expect(await eventually(() => bell.received.find((m) => (m as { msgId?: string }).msgId === 'cross-2'))).toMatchObject({
      cmd: 'topic',
    });
    // a ticket is still single-use across instances
    const once = await ticket(b, staff);
    await open(`${a.ws}/websocket/u_demo_staff?ticket=${once}`);
    await expect(connect(`${b.ws}/websocket/u_demo_staff?ticket=${once}`)).rejects.toThrow('HTTP 401');
  });

  it('relays a grid update from a socket on A to a socket bound to the same key on B', async () => {
    const staff = await tokenOf(b, 'staff');
    const onA = await open(`${a.ws}/vxeSocket/u_demo_staff/pageA?ticket=${await ticket(a, staff)}&socketKey=grid-cross`);
    const onB = await open(`${b.ws}/vxeSocket/u_demo_staff/pageB?ticket=${await ticket(b, staff)}&socketKey=grid-cross`);
    const elsewhere = await open(`${b.ws}/vxeSocket/u_demo_staff/pageC?ticket=${await ticket(b, staff)}&socketKey=grid-other`);
    const frame = { type: 'update_vxe_table', data: { socketKey: 'grid-cross', args: [{ id: 'r1', name: '张三' }, 'case-1'] } };
    onA.ws.send(JSON.stringify(frame));
    expect(await eventually(() => onB.received[0])).toEqual(frame);
    await sleep(150);
    expect(onA.received).toEqual([]);
    expect(elsewhere.received).toEqual([]);
  });

  it('shows a dictionary item added through A in B’s cached dictionary read', async () => {
    const admin = await tokenOf(a, 'admin');
    const read = async () =>
      (await call(b, { method: 'GET', url: '/api/sys/dict/getDictItems/sex', token: admin })).json().result as Array<{
        value: string;
        text: string;
      }>;
    const before = await read();
    expect(before.some((i) => i.value === '9')).toBe(false);
    const dict = await a.database.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'sex').executeTakeFirstOrThrow();
    const added = await call(a, {
      method: 'POST',
      url: '/api/sys/dictItem/add',
      token: admin,
      payload: { dictId: dict.id, itemText: '跨实例', itemValue: '9', sortOrder: '9', status: '1' },
    });
    expect(added.json().success).toBe(true);
    expect(await eventually(async () => (await read()).find((i) => i.value === '9'))).toMatchObject({ text: '跨实例' });
  });

  it('ends a session on B at once when it signs out on A, though B had it cached', async () => {
    const token = await tokenOf(a, 'expert');
    const me = () => call(b, { method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', token });
    expect((await me()).statusCode).toBe(200);
    expect((await call(a, { method: 'POST', url: '/api/sys/logout', token })).json().success).toBe(true);
    expect(await eventually(async () => ((await me()).statusCode === 401 ? true : undefined))).toBe(true);
  });

  it('downloads through B a file uploaded through A', async () => {
    const staff = await tokenOf(a, 'staff');
    const { payload, headers } = multipart({ biz: 'temp' }, [{ field: 'file', name: '现场照片.png', type: 'image/png', content: PNG }]);
    const uploaded = (await call(a, { method: 'POST', url: '/api/sys/common/upload', payload, headers, token: staff })).json();
    expect(uploaded.success).toBe(true);
    const res = await call(b, { method: 'GET', url: `/api/sys/common/static/${encodeURI(uploaded.message)}`, token: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it(
    'gives each fire time of a one-second job exactly one run across both instances over a minute',
    async () => {
      await sleep(Math.max(0, scheduledAt + SCHEDULE_MS - Date.now()));
      const db = a.database.db;
      await sql`update sys_quartz_job set status = -1 where job_class_name = ${SAMPLE_JOB}`.execute(db);
      await sleep(1500);
      const rows = (
        await sql<{ fire_time: Date; instance_id: string; result: string }>`select r.fire_time, r.instance_id, r.result
        from sys_quartz_job_run r join sys_quartz_job j on j.id = r.job_id where j.job_class_name = ${SAMPLE_JOB} order by r.fire_time`.execute(
          db,
        )
      ).rows;
      expect(rows.length).toBeGreaterThanOrEqual(55);
      const times = rows.map((r) => new Date(r.fire_time).getTime());
      expect(new Set(times).size).toBe(times.length);
      for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBe(1000);
      expect(rows.every((r) => r.result === 'ok')).toBe(true);
    },
    SCHEDULE_MS + 30_000,
  );
});
