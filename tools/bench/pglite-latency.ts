/**
 * Does a long PGlite job stall everyone else? A child process prepares a PGlite data directory (seed, 100,000 rows
 * of an entity, an admin token); `npm start` serves it; while one client imports 20,000 rows (importExcel) and then
 * downloads exportXls of all rows, another asks for GET /index.html and a cheap API call
 * (GET /api/sys/user/getCurrentUserDeparts, one small query) every 100 ms. Budget: the slowest of those answers
 * during each job within 1 s.
 */
import { withEntityBench } from './_entity-fixture';

const BUDGET_MS = 1000;
const ROWS = 100_000;
const IMPORT_ROWS = 20_000;
const TOKEN_SECRET = 'bench-token-secret-pglite-latency';

const ENTITY = {
  $schema: '../_meta/entity.schema.json',
  table: 'bench_latency',
  label: '延迟基准',
  apiBase: '/bench/latency',
  permissionPrefix: 'bench:latency',
  columns: [
    { name: 'id', type: 'string', length: 32, primaryKey: true, label: '主键' },
    { name: 'title', type: 'string', length: 100, label: '标题' },
    { name: 'amount', type: 'decimal', precision: 12, scale: 2, label: '金额' },
    { name: 'remark', type: 'string', length: 200, label: '备注' },
  ],
  exportTitle: '延迟基准',
};

const FILL_SQL = `insert into bench_latency (id, title, amount, remark, create_by, create_time)
  select lpad(g::text, 19, '0'), '延迟基准数据 ' || g, (g % 1000) * 1.25, repeat('备注', 10) || g, 'admin', now() - make_interval(secs => g)
  from generate_series(1, ${ROWS}) g`;

async function timed(url: string, token?: string, body?: FormData): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { method: body ? 'POST' : 'GET', body, headers: token ? { 'x-access-token': token } : {} });
  const text = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  if (body && !text.toString().includes('"success":true')) throw new Error(`${url}: ${text.subarray(0, 300).toString()}`);
  return performance.now() - started;
}

async function importForm(): Promise<FormData> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('导入');
  sheet.addRow(['标题', '金额', '备注']);
  for (let i = 1; i <= IMPORT_ROWS; i++) sheet.addRow([`导入基准 ${i}`, (i % 1000) * 1.5, `备注 ${i}`]);
  const form = new FormData();
  form.set('isSingleTableImport', 'true');
  form.set('file', new Blob([await book.xlsx.writeBuffer()]), 'import.xlsx');
  return form;
}

/** Runs `job` while probing the page and the API; prints and returns the slowest probe answer. */
async function during(name: string, baseUrl: string, token: string, job: () => Promise<number>): Promise<number> {
  const page = probe(`${baseUrl}/index.html`);
  const api = probe(`${baseUrl}/api/sys/user/getCurrentUserDeparts`, token);
  const jobMs = await job();
  const [pageTimes, apiTimes] = await Promise.all([page.stop(), api.stop()]);
  const slowest = Math.max(...pageTimes, ...apiTimes);
  process.stdout.write(
    `${name}: ${(jobMs / 1000).toFixed(1)} s; meanwhile ${summary('GET /index.html', pageTimes)}; ${summary('GET getCurrentUserDeparts', apiTimes)}; slowest ${slowest.toFixed(0)} ms, budget ${BUDGET_MS} ms, ratio ${(slowest / BUDGET_MS).toFixed(2)}\n`,
  );
  return slowest;
}

/** Probes `url` every 100 ms until stopped; the latencies seen. */
function probe(url: string, token?: string): { stop(): Promise<number[]> } {
  const seen: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      seen.push(await timed(url, token));
      await new Promise((r) => setTimeout(r, 100));
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

const summary = (name: string, values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `${name}: ${values.length} answers, median ${p50.toFixed(0)} ms, slowest ${(sorted.at(-1) ?? 0).toFixed(0)} ms`;
};

await withEntityBench({ entity: ENTITY, fillSql: FILL_SQL, tokenSecret: TOKEN_SECRET }, async (server, token) => {
  const form = await importForm();
  const importSlowest = await during(`import of ${IMPORT_ROWS} rows on PGlite`, server.baseUrl, token, () =>
    timed(`${server.baseUrl}/api/bench/latency/importExcel`, token, form),
  );
  const exportSlowest = await during(`export of ${ROWS + IMPORT_ROWS} rows on PGlite`, server.baseUrl, token, () =>
    timed(`${server.baseUrl}/api/bench/latency/exportXls?column=createTime&order=desc`, token),
  );
  process.exitCode = Math.max(importSlowest, exportSlowest) <= BUDGET_MS ? 0 : 1;
});
