/**
 * Budget: exporting 100,000 rows keeps the server process under 250 MB resident. A child process
 * prepares a PGlite data directory (seed, 100,000 rows, an admin token); then `npm start` serves it,
 * exactly as users run the product, and the parent downloads exportXls while sampling the server
 * process's VmRSS from /proc every 20 ms.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { withEntityBench } from './_entity-fixture';
import type { Started } from './_server';

const BUDGET_MB = 250;
const ROWS = 100_000;
const TOKEN_SECRET = 'bench-token-secret-export-memory';

const ENTITY = {
  $schema: '../_meta/entity.schema.json',
  table: 'bench_export',
  label: '导出基准',
  apiBase: '/bench/export',
  permissionPrefix: 'bench:export',
  columns: [
    { name: 'id', type: 'string', length: 32, primaryKey: true, label: '主键' },
    { name: 'title', type: 'string', length: 100, label: '标题' },
    { name: 'category', type: 'string', length: 10, label: '类别' },
    { name: 'amount', type: 'decimal', precision: 12, scale: 2, label: '金额' },
    { name: 'sex', type: 'string', length: 2, dictCode: 'sex', label: '性别' },
    { name: 'dueDate', type: 'date', label: '到期日' },
    { name: 'remark', type: 'string', length: 200, label: '备注' },
  ],
  exportTitle: '导出基准',
};

const FILL_SQL = `insert into bench_export (id, title, category, amount, sex, due_date, remark, create_by, create_time)
  select lpad(g::text, 19, '0'), '导出基准数据 ' || g, (g % 20)::text, (g % 1000) * 1.25, ((g % 2) + 1)::text,
    date '2024-01-01' + (g % 365), repeat('备注', 10) || g, 'admin', now() - make_interval(secs => g)
  from generate_series(1, ${ROWS}) g`;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The node process running the server under `npm start` (npm → node tools/start.mjs). */
function serverPid(npmPid: number): number {
  const children = (pid: number): number[] =>
    readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return (
            Number(
              readFileSync(`/proc/${d}/stat`, 'utf8')
                .replace(/^.*\) /s, '')
                .split(' ')[1],
            ) === pid
          );
        } catch {
          return false;
        }
      })
      .map(Number);
  const queue = [npmPid];
  while (queue.length) {
    const pid = queue.shift()!;
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmd.includes('tools/start.mjs') && cmd.startsWith('node')) return pid;
    queue.push(...children(pid));
  }
  throw new Error('the server process was not found under npm start');
}

function download(baseUrl: string, token: string): Promise<{ status: number; bytes: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}/api/bench/export/exportXls?column=createTime&order=desc`,
      { headers: { 'X-Access-Token': token } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, bytes: body.length, type: String(res.headers['content-type'] ?? ''), body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function measure(server: Started, token: string): Promise<void> {
  const pid = serverPid(server.child.pid!);
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const started = performance.now();
  const res = await download(server.baseUrl, token);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  if (res.status !== 200 || !res.type.includes('spreadsheetml'))
    throw new Error(`unexpected export: HTTP ${res.status} ${res.body.subarray(0, 300).toString()}`);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.body as unknown as ArrayBuffer);
  const dataRows = (workbook.worksheets[0]?.rowCount ?? 0) - 3;
  if (dataRows !== ROWS) throw new Error(`the export holds ${dataRows} rows, expected ${ROWS}`);
  process.stdout.write(
    `export of ${ROWS} rows: ${(res.bytes / 1024 / 1024).toFixed(1)} MB xlsx in ${seconds.toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB; budget ${BUDGET_MB} MB; ratio ${(peak / BUDGET_MB).toFixed(2)}\n`,
  );
  process.exitCode = peak <= BUDGET_MB ? 0 : 1;
}

await withEntityBench({ entity: ENTITY, fillSql: FILL_SQL, tokenSecret: TOKEN_SECRET }, measure);
