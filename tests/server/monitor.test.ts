import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { caller, type Caller } from './support/xypj';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379/7';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const PAGES = [
  '/monitor/server',
  '/monitor/runtime',
  '/monitor/database',
  '/monitor/httptrace',
  '/sys/actuator/redis/info',
  '/sys/actuator/redis/keysSize',
  '/sys/actuator/redis/memoryInfo',
  '/sys/actuator/redis/queryDiskInfo',
];

describe.each(backends())('系统监控 on %s', (backend) => {
  let t: TestApp;
  let admin: Caller;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp(backend, { redisUrl: REDIS_URL });
    adminToken = await t.login('admin');
    admin = caller(t, adminToken);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    const staff = caller(t, await t.login('staff'));
    for (const url of PAGES) {
      expect(await caller(t).status('GET', url), url).toBe(401);
      expect(await staff.status('GET', url), url).toBe(403);
      expect(await admin.status('GET', url), url).toBe(200);
    }
  });

  it('gives server and runtime figures, with samples and GC counts', async () => {
    const server = (await admin.get('/monitor/server')).result;
    expect(server.cpu.count).toBeGreaterThan(0);
    expect(server.memory.total).toBeGreaterThan(server.memory.free);
    expect(server.load).toHaveLength(3);
    expect(server.node.version).toBe(process.version);
    await sleep(300);
    global.gc?.();
    const runtime = (await admin.get('/monitor/runtime')).result;
    expect(runtime.current.heapUsed).toBeGreaterThan(0);
    expect(runtime.current.rss).toBeGreaterThan(runtime.current.heapUsed);
    expect(runtime.samples.length).toBeGreaterThanOrEqual(1);
    expect(runtime.samples[0]).toMatchObject({ loopP50: expect.any(Number), loopP99: expect.any(Number), heapUsed: expect.any(Number) });
    expect(runtime.gc).toMatchObject({ minor: expect.any(Number), major: expect.any(Number) });
    expect(runtime.activeResources.total).toBeGreaterThan(0);
  });

  it('describes the database', async () => {
    const info = (await admin.get('/monitor/database')).result;
    expect(info.backend).toBe(backend === 'postgres' ? 'PostgreSQL' : 'PGlite');
    expect(info.version).toMatch(/PostgreSQL/);
    expect(info.sizeBytes).toBeGreaterThan(0);
    expect(info.tables.length).toBeGreaterThan(0);
    expect(info.tables[0]).toMatchObject({ name: expect.any(String), bytes: expect.any(Number) });
    expect(info.slowStatements).toMatchObject({ available: expect.any(Boolean) });
  });

  it('reads Redis INFO, key count and memory, and the disks', async () => {
    const info = await admin.get('/sys/actuator/redis/info');
    expect(info.success).toBe(true);
    expect(info.result.find((r: { key: string }) => r.key === 'redis_version')).toMatchObject({
      description: 'Redis 服务器版本',
      value: expect.any(String),
    });
    expect((await admin.get('/sys/actuator/redis/keysSize')).result).toMatchObject({
      dbSize: expect.any(Number),
      create_time: expect.any(Number),
    });
    expect((await admin.get('/sys/actuator/redis/memoryInfo')).result.used_memory).toBeGreaterThan(0);
    const disks = (await admin.get('/sys/actuator/redis/queryDiskInfo')).result;
    expect(disks.length).toBeGreaterThan(0);
    expect(disks[0].max).toBeGreaterThan(0);
    expect(disks[0].restPPT).toBeGreaterThanOrEqual(0);
    expect(disks.some((d: { name: string }) => d.name === '/')).toBe(true);
  });

  it('traces recent requests without ever showing a token or password', async () => {
    await t.request({ method: 'GET', url: `/api/sys/user/list?token=${adminToken}&password=hunter2&pageNo=1`, token: adminToken });
    await t.request({ method: 'GET', url: '/api/sys/randomImage/secretCheckKey123' });
    await t.login('staff');
    const answer = await admin.get('/monitor/httptrace');
    const text = JSON.stringify(answer);
    expect(text).not.toContain(adminToken);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('secretCheckKey123');
    expect(text).not.toContain('Demo#Test');
    const traces = answer.result.traces as { path: string; method: string; status: number; ms: number; username: string | null }[];
    expect(answer.result.total).toBe(traces.length);
    expect(traces.length).toBeLessThanOrEqual(100);
    const listed = traces.find((e) => e.path.startsWith('/api/sys/user/list'));
    expect(listed).toMatchObject({
      method: 'GET',
      status: 200,
      username: 'admin',
      path: '/api/sys/user/list?token=******&password=******&pageNo=1',
    });
    expect(traces.find((e) => e.path.startsWith('/api/sys/randomImage/'))?.path).toBe('/api/sys/randomImage/******');
    expect(traces.some((e) => e.path === '/api/sys/login' && e.method === 'POST')).toBe(true);
  });
});

describe('系统监控 without Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says Redis is not configured', async () => {
    const admin = caller(t, await t.login('admin'));
    expect(await admin.get('/sys/actuator/redis/info')).toMatchObject({ success: false, message: '未配置 Redis（REDIS_URL）' });
  });
});
