/**
 * RedisSharedState against a Redis of its own (redis-server on a free port, started and stopped here): a clear
 * error when it does not answer at start; rate limits keep working while it is down; it reconnects by itself; two
 * instances stop trusting their caches while it is away; a Redis that stops answering fails calls within 200 ms.
 * Skipped where redis-server is not installed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, Socket, type Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openPostgres, type OpenDatabase } from '../../server/db/open';
import { RedisUnavailableError } from '../../server/core/shared-state';
import { RedisSharedState } from '../../server/core/shared-state/redis';
import { freePort } from '../../tools/bench/_server';
import { backends, createThrowawayPostgres, openTestDatabase, TEST_PASSWORDS, type Backend } from './support/database';

const installed = spawnSync('redis-server', ['--version']).status === 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .includes('PONG')
    )
      return child;
    await sleep(50);
  }
  throw new Error('redis-server did not start');
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe.skipIf(!installed)('shared state when Redis is away', () => {
  let redis: ChildProcess | null = null;
  let state: RedisSharedState | null = null;
  afterAll(async () => {
    await state?.close();
    if (redis) await stop(redis);
  });

  it('refuses to start with one plain line when Redis does not answer', async () => {
    const port = await freePort();
    const error = await RedisSharedState.connect(`redis://127.0.0.1:${port}/0`, 't:', () => undefined).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(RedisUnavailableError);
    expect((error as Error).message).toBe(
      `Redis at redis://127.0.0.1:${port}/0 (REDIS_URL) does not answer: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it('keeps limiting sign-ins while Redis is down, says so once, and reconnects when it is back', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const lines: string[] = [];
    state = await RedisSharedState.connect(`redis://127.0.0.1:${port}/0`, 't:', (line) => lines.push(line));
    const rule = { max: 2, windowMs: 60_000 };
    expect(await state.hit('login:a', rule)).toBe(true);

    await stop(redis);
    await sleep(100);
    // this instance's own counter stands in: 2 allowed, then refused
    expect(await state.hit('login:b', rule)).toBe(true);
    expect(await state.hit('login:b', rule)).toBe(true);
    expect(await state.hit('login:b', rule)).toBe(false);
    await expect(state.put('ticket:x', 'v', 1000)).rejects.toThrow();
    expect(lines.filter((l) => l.includes('failed'))).toHaveLength(1);

    redis = await startRedis(port);
    for (let i = 0; i < 100 && !lines.some((l) => l.includes('restored')); i++) await sleep(100);
    expect(lines.at(-1)).toBe('redis: connection restored');
    await state.put('ticket:y', 'v', 1000);
    expect(await state.take('ticket:y')).toBe('v');
  }, 30_000);
});

/** Two instances on one database: two pools on a throwaway PostgreSQL database, or the one PGlite database. */
async function twoDatabases(backend: Backend): Promise<{ databases: OpenDatabase[]; close(): Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openTestDatabase('pglite');
    return { databases: [database, database], close: () => database.close() };
  }
  const throwaway = await createThrowawayPostgres();
  const databases = [await openPostgres(throwaway.url), await openPostgres(throwaway.url)];
  return {
    databases,
    close: async () => {
      for (const database of databases) await database.close();
      await throwaway.drop();
    },
  };
}

describe.skipIf(!installed).each(backends())('two instances while their Redis is down on %s', (backend) => {
  it('refuses a token revoked on one instance at once on the other, and signs in without waiting for Redis', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const { databases, close } = await twoDatabases(backend);
    const apps: FastifyInstance[] = [];
    try {
      const config = testConfig({
        tokenSecret: 'test-token-secret-not-for-production',
        loginCaptcha: false,
        redisUrl: `redis://127.0.0.1:${port}/0`,
        redisPrefix: 'outage:',
        cacheTtlMs: 60_000,
      });
      for (const database of databases) apps.push(await buildApp({ db: database.db, config }));
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const login = (on: FastifyInstance, username: string) =>
        on.inject({
          method: 'POST',
          url: '/api/sys/login',
          payload: { username, password: username === 'admin' ? TEST_PASSWORDS.admin : TEST_PASSWORDS.demo },
        });
      const departs = (on: FastifyInstance, token: string) =>
        on.inject({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', headers: { 'x-access-token': token } });

      const staff = (await login(a, 'staff')).json().result.token as string;
      const expert = (await login(a, 'expert')).json().result.token as string;
      // both sessions are now in B's cache
      expect((await departs(b, staff)).statusCode).toBe(200);
      expect((await departs(b, expert)).statusCode).toBe(200);

      await stop(redis);
      await sleep(300);
      expect((await a.inject({ method: 'POST', url: '/api/sys/logout', headers: { 'x-access-token': staff } })).json().success).toBe(true);
      const refused = await departs(b, staff);
      expect(refused.statusCode).toBe(401);
      expect((await departs(b, expert)).statusCode).toBe(200);

      const started = performance.now();
      const signIn = await login(b, 'admin');
      const took = performance.now() - started;
      expect(signIn.json().success).toBe(true);
      expect(took).toBeLessThan(1500);

      // back up: caching resumes, and a sign-out still reaches the other instance
      redis = await startRedis(port);
      await sleep(1500);
      expect((await departs(b, expert)).statusCode).toBe(200);
      expect((await a.inject({ method: 'POST', url: '/api/sys/logout', headers: { 'x-access-token': expert } })).json().success).toBe(true);
      for (let i = 0; i < 40 && (await departs(b, expert)).statusCode !== 401; i++) await sleep(50);
      expect((await departs(b, expert)).statusCode).toBe(401);
    } finally {
      for (const app of apps) await app.close();
      await close();
      await stop(redis);
    }
  }, 120_000);
});

/** A TCP relay to Redis that can go silent: connections stay open, nothing passes either way. */
async function silentRelay(target: number): Promise<{ port: number; silence(): void; close(): Promise<void> }> {
  let silent = false;
  const sockets: Socket[] = [];
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(target, '127.0.0.1');
    sockets.push(client, upstream);
    client.on('data', (d) => {
      if (!silent) upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (!silent) client.write(d);
    });
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    silence: () => (silent = true),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!installed)('a Redis that stops answering', () => {
  it('fails each call within 200 ms and stops trusting shared messages', async () => {
    const redisPort = await freePort();
    const redis = await startRedis(redisPort);
    const relay = await silentRelay(redisPort);
    const state = await RedisSharedState.connect(`redis://127.0.0.1:${relay.port}/0`, 't2:', () => undefined);
    try {
      expect(state.isConnected()).toBe(true);
      relay.silence();
      const rule = { max: 5, windowMs: 60_000 };
      let started = performance.now();
      expect(await state.hit('login:c', rule)).toBe(true);
      expect(performance.now() - started).toBeLessThan(400);
      started = performance.now();
      await expect(state.put('ticket:z', 'v', 1000)).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(400);
      for (let i = 0; i < 40 && state.isConnected(); i++) await sleep(50);
      expect(state.isConnected()).toBe(false);
    } finally {
      await state.close();
      await relay.close();
      await stop(redis);
    }
  }, 30_000);
});
