/**
 * Publication day: anonymous GET /api/xypj/public/resultList?batchId=… (the first page of the published demo batch, as
 * the public page asks for it) under autocannon on loopback, on PGlite. Budget ≥ 5,000 req/s with p99 ≤ 20 ms and no
 * failures; a second run sends If-None-Match as a browser or proxy revalidating does (304 answers). GET /health is
 * measured first for reference: what the machine answers at the moment for a request that does no work.
 * `npx tsx tools/bench/public-results.ts [seconds] [connections]`.
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProduct } from './_server';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 10);
const MIN_RPS = 5000;
const MAX_P99_MS = 20;

interface PublicBatch {
  id: string;
  state: string;
}

async function publishedBatch(baseUrl: string): Promise<string> {
  const res = (await (await fetch(`${baseUrl}/api/xypj/public/batches`)).json()) as {
    success: boolean;
    message: string;
    result?: PublicBatch[];
  };
  const batch = res.result?.find((b) => b.state === 'published');
  if (!batch) throw new Error(`no published batch: ${res.message}`);
  return batch.id;
}

async function measure(label: string, url: string, headers: Record<string, string>, expectedStatus: number): Promise<boolean> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up (JIT, cache fill)
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, timeout: 10, headers });
  const rps = result.requests.average;
  const p99 = result.latency.p99;
  const wrongStatus = Object.entries(result.statusCodeStats ?? {}).reduce(
    (n, [code, stat]) => (code === String(expectedStatus) ? n : n + (stat?.count ?? 0)),
    0,
  );
  const failures = result.errors + result.timeouts + wrongStatus;
  const pass = rps >= MIN_RPS && p99 <= MAX_P99_MS && failures === 0;
  process.stdout.write(
    `${label}, ${CONNECTIONS} connections: ${rps.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${p99} ms, ` +
      `${result.errors} errors, ${result.timeouts} timeouts, ${wrongStatus} other than ${expectedStatus}; ` +
      `budget ≥ ${MIN_RPS} req/s, p99 ≤ ${MAX_P99_MS} ms, no failures; ${pass ? 'ok' : 'OVER BUDGET'}\n`,
  );
  return pass;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'xypj-bench-public-'));
const server = await startProduct(dataDir, { LOGIN_CAPTCHA: 'off' });
let ok = false;
try {
  const url = `${server.baseUrl}/api/xypj/public/resultList?batchId=${encodeURIComponent(await publishedBatch(server.baseUrl))}&keyword=&pageNo=1&pageSize=10`;
  const first = await fetch(url);
  const body = (await first.json()) as { success: boolean; message: string; result?: { records: unknown[] } };
  if (!body.success || !body.result?.records.length) throw new Error(`result list failed: ${body.message}`);
  const etag = first.headers.get('etag');
  if (!etag) throw new Error('the result list sends no ETag');
  // what this machine gives right now for a request that does no work: a reading far below the budget on a busy machine
  const ceiling = await autocannon({ url: `${server.baseUrl}/health`, connections: CONNECTIONS, duration: Math.min(SECONDS, 5) });
  process.stdout.write(
    `reference: GET /health (no work), ${CONNECTIONS} connections: ${ceiling.requests.average.toFixed(0)} req/s, p99 ${ceiling.latency.p99} ms\n`,
  );
  const full = await measure('result list (200)', url, {}, 200);
  const revalidated = await measure('result list revalidated (304)', url, { 'if-none-match': etag }, 304);
  ok = full && revalidated;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
