/**
 * RedisSharedState against a Redis of its own (redis-server on a free port, started and stopped here): a clear
 * error when it does not answer at start; rate limits keep working while it is down; it reconnects by itself.
 * Skipped where redis-server is not installed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisUnavailableError } from '../../server/core/shared-state';
import { RedisSharedState } from '../../server/core/shared-state/redis';
import { freePort } from '../../tools/bench/_server';

const installed = spawnSync('redis-server', ['--version']).status === 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().includes('PONG')) return child;
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
    expect((error as Error).message).toBe(`Redis at redis://127.0.0.1:${port}/0 (REDIS_URL) does not answer: connect ECONNREFUSED 127.0.0.1:${port}`);
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
