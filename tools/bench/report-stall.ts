/**
 * Can an online report stall the server on PGlite? `npm start` serves a seeded PGlite data directory; an
 * administrator adds reports that run until the embedded report limit stops them (an endless recursive CTE, a
 * 10⁴×10⁴ cross join) and one that reads a 20,000-row table. While each runs (alone, then 5 at once), another client
 * asks for GET /index.html and a cheap API call (one small query) every 50 ms. Printed: how each report answered
 * and the slowest other answer meanwhile. Budget: the slowest other answer during the worst report within 1 s.
 */
import { withEntityBench } from './_entity-fixture';

const BUDGET_MS = 1000;
const ROWS = 20_000;
const TOKEN_SECRET = 'bench-token-secret-report-stall';

const ENTITY = {
  $schema: '../_meta/entity.schema.json',
  table: 'bench_report',
  label: '报表基准',
  apiBase: '/bench/report',
  permissionPrefix: 'bench:report',
  columns: [
    { name: 'id', type: 'string', length: 32, primaryKey: true, label: '主键' },
    { name: 'title', type: 'string', length: 100, label: '标题' },
    { name: 'amount', type: 'decimal', precision: 12, scale: 2, label: '金额' },
  ],
};

const FILL_SQL = `insert into bench_report (id, title, amount, create_by, create_time)
  select lpad(g::text, 19, '0'), '报表基准数据 ' || g, (g % 1000) * 1.25, 'admin', now() from generate_series(1, ${ROWS}) g`;

const REPORTS: Array<{ code: string; sql: string }> = [
  { code: 'bench_recursive', sql: 'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) as n from r' },
  { code: 'bench_cross', sql: 'select count(*) as n from generate_series(1, 10000) as a cross join generate_series(1, 10000) as b' },
  { code: 'bench_table', sql: 'select title, amount from bench_report order by amount desc, title' },
];

async function timed(url: string, token?: string, init: RequestInit = {}): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const res = await fetch(url, { ...init, headers: { ...(token ? { 'x-access-token': token } : {}), ...(init.headers ?? {}) } });
  const body = await res.text();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return { ms: performance.now() - started, body };
}

/** Probes `url` every 50 ms until stopped; the latencies seen. */
function probe(url: string, token?: string): { stop(): Promise<number[]> } {
  const seen: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      seen.push((await timed(url, token)).ms);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return seen;
    },
  };
}

async function addReport(baseUrl: string, token: string, code: string, text: string): Promise<void> {
  const payload = { head: { code, name: code, cgrSql: text }, items: [] };
  const { body } = await timed(`${baseUrl}/api/online/cgreport/head/add`, token, {
    method: 'POST',
    body: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  if (!body.includes('"success":true')) throw new Error(`adding ${code}: ${body.slice(0, 300)}`);
}

/** Runs `copies` of the report at once while probing; prints the answers and the slowest other answer. */
async function during(baseUrl: string, token: string, code: string, copies: number): Promise<number> {
  const page = probe(`${baseUrl}/index.html`);
  const api = probe(`${baseUrl}/api/sys/user/getCurrentUserDeparts`, token);
  await new Promise((r) => setTimeout(r, 100));
  const runs = await Promise.all(
    Array.from({ length: copies }, () => timed(`${baseUrl}/api/online/cgreport/api/getData/${code}?pageSize=10`, token)),
  );
  const [pageTimes, apiTimes] = await Promise.all([page.stop(), api.stop()]);
  const slowest = Math.max(...pageTimes, ...apiTimes);
  const answers = runs.map((r) => {
    const body = JSON.parse(r.body) as { success: boolean; message: string; result?: { total?: number } };
    return body.success ? `${body.result?.total ?? 0} rows` : body.message;
  });
  const distinct = [...new Set(answers)].map((a) => `${a} ×${answers.filter((x) => x === a).length}`).join(', ');
  const longest = Math.max(...runs.map((r) => r.ms));
  process.stdout.write(
    `${code} ×${copies} on PGlite: ${distinct}; longest report answer ${longest.toFixed(0)} ms; meanwhile ${pageTimes.length + apiTimes.length} other answers, slowest ${slowest.toFixed(0)} ms, budget ${BUDGET_MS} ms, ratio ${(slowest / BUDGET_MS).toFixed(2)}\n`,
  );
  return slowest;
}

await withEntityBench({ entity: ENTITY, fillSql: FILL_SQL, tokenSecret: TOKEN_SECRET }, async (server, token) => {
  for (const report of REPORTS) await addReport(server.baseUrl, token, report.code, report.sql);
  // warm up the probed routes, so that the first measurement is not a cold start
  for (let i = 0; i < 5; i++)
    await Promise.all([timed(`${server.baseUrl}/index.html`), timed(`${server.baseUrl}/api/sys/user/getCurrentUserDeparts`, token)]);
  let worst = 0;
  for (const copies of [1, 5])
    for (const report of REPORTS) worst = Math.max(worst, await during(server.baseUrl, token, report.code, copies));
  process.stdout.write(`slowest other answer during the worst report: ${worst.toFixed(0)} ms, budget ${BUDGET_MS} ms\n`);
  process.exitCode = worst <= BUDGET_MS ? 0 : 1;
});
