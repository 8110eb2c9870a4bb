/**
 * Throughput of an authenticated list read, GET /sys/user/list?pageNo=1&pageSize=10, under autocannon on loopback
 * (10 s per case). Budgets: PostgreSQL at 10 connections ≥ 2,500 req/s with p99 ≤ 25 ms (when PostgreSQL answers
 * at DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a throwaway database, dropped after);
 * PGlite at 10 and 50 connections ≥ 300 req/s; no timeouts or errors. GET /health (no work) is measured in the same
 * run as the machine's ceiling, and the list's share of it printed: on a shared machine the ratio moves less than
 * the figures. The server is the bundle `npm start` runs, without the client. `npx tsx tools/bench/throughput.ts [seconds]`.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProduct, type Started } from './_server';

const SECONDS = Number(process.argv[2] ?? 10);
const PASSWORD = 'Bench#2026pass';
const LIST_PATH = '/api/sys/user/list?pageNo=1&pageSize=10';

interface Case {
  backend: 'postgres' | 'pglite';
  connections: number;
  minRps: number;
  maxP99Ms?: number;
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const body = (await res.json()) as { success: boolean; message: string; result?: { token: string } };
  if (!body.success || !body.result) throw new Error(`sign-in failed: ${body.message}`);
  return body.result.token;
}

async function load(url: string, connections: number, token?: string): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: SECONDS, timeout: 10, headers: token ? { 'x-access-token': token } : {} });
}

/** GET /health at the same connections: what this machine serves right now for a route that does nothing. */
async function ceiling(server: Started, connections: number): Promise<number> {
  const result = await load(`${server.baseUrl}/health`, connections);
  process.stdout.write(
    `reference: GET /health (no work), ${connections} connections: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms\n`,
  );
  return result.requests.average;
}

async function measure(server: Started, token: string, c: Case): Promise<boolean> {
  const check = await fetch(`${server.baseUrl}${LIST_PATH}`, { headers: { 'x-access-token': token } });
  const checkBody = (await check.json()) as { success: boolean; message: string };
  if (!checkBody.success) throw new Error(`list failed: ${checkBody.message}`);
  const bare = await ceiling(server, c.connections);
  const result = await load(`${server.baseUrl}${LIST_PATH}`, c.connections, token);
  const rps = result.requests.average;
  const p99 = result.latency.p99;
  const failures = result.errors + result.timeouts + result.non2xx;
  const pass = rps >= c.minRps && failures === 0 && (c.maxP99Ms === undefined || p99 <= c.maxP99Ms);
  const target = `target ≥ ${c.minRps.toLocaleString('en')} req/s${c.maxP99Ms === undefined ? '' : `, p99 ≤ ${c.maxP99Ms} ms`}, no failures`;
  const name = c.backend === 'postgres' ? 'PostgreSQL' : `PGlite (${c.connections} connections)`;
  process.stdout.write(
    `authenticated list throughput ${name}: ${rps.toFixed(0)} req/s, p99 ${p99} ms (${target}; p50 ${result.latency.p50} ms, ` +
      `${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx; ${((100 * rps) / bare).toFixed(1)}% of GET /health); ` +
      `${pass ? 'ok' : 'OVER BUDGET'}\n`,
  );
  return pass;
}

async function withServer(env: Record<string, string>, run: (server: Started, token: string) => Promise<boolean>): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'xypj-bench-rps-'));
  const server = await startProduct(dataDir, { LOGIN_CAPTCHA: 'off', ...env }, { apiOnly: true });
  try {
    return await run(server, await signIn(server.baseUrl));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A throwaway PostgreSQL database next to DATABASE_URL's; null when PostgreSQL does not answer. */
async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `xypj_bench_rps_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      // the report login role the server made for that database belongs to the cluster
      const { reportReaderRole } = await import('../../server/modules/online/sql-runner');
      await admin.query(`drop role if exists ${reportReaderRole(name)}`).catch(() => undefined);
      await admin.end();
    },
  };
}

let ok = true;
const pgDb = process.env.THROUGHPUT_PGLITE_ONLY ? null : await postgresDatabase();
if (pgDb) {
  try {
    ok =
      (await withServer({ DATABASE_URL: pgDb.url }, (s, t) =>
        measure(s, t, { backend: 'postgres', connections: 10, minRps: 2500, maxP99Ms: 25 }),
      )) && ok;
  } finally {
    await pgDb.drop();
  }
} else {
  process.stdout.write('postgres: skipped (no PostgreSQL at DATABASE_URL)\n');
}
if (!process.env.THROUGHPUT_POSTGRES_ONLY) {
  ok =
    (await withServer({}, async (s, t) => {
      const ten = await measure(s, t, { backend: 'pglite', connections: 10, minRps: 300 });
      const fifty = await measure(s, t, { backend: 'pglite', connections: 50, minRps: 300 });
      return ten && fifty;
    })) && ok;
}
process.exitCode = ok ? 0 : 1;
