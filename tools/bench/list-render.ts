/**
 * List-page budget (issue 3): a schema list page with 1,000 rows × 20 columns renders
 * (request answered, rows painted) in ≤ 300 ms in Chromium. Vite-built fixture + playwright-core.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const RUNS = Number(process.env.LIST_BENCH_RUNS ?? 5);
const ROWS = Number(process.env.LIST_BENCH_ROWS ?? 1000);
const BUDGET_MS = 300;

declare global {
  interface Window {
    listBench: { mount(rows: number): Promise<number>; warm(): Promise<void>; rowCount(): number };
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function build(outDir: string): void {
  const res = spawnSync('npx', ['vite', 'build', '--config', 'tools/bench/list-render.vite.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, LIST_BENCH_OUT: outDir },
  });
  if (res.status !== 0) throw new Error('fixture build failed');
}

function serve(dir: string): Promise<{ url: string; close: () => void }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, rel === '/' ? 'index.html' : rel);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    }),
  );
}

const outDir = mkdtempSync(path.join(tmpdir(), 'list-bench-'));
let failed = false;
try {
  build(outDir);
  const site = await serve(outDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(site.url);
    await page.waitForFunction(() => !!window.listBench);
    await page.evaluate(() => window.listBench.warm());
    await page.evaluate((n) => window.listBench.mount(n), ROWS);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await page.evaluate((n) => window.listBench.mount(n), ROWS));
    const painted = await page.evaluate(() => window.listBench.rowCount());
    const ms = median(times);
    failed = ms > BUDGET_MS;
    process.stdout.write(
      `  ${failed ? 'OVER' : 'ok  '} list page ${ROWS} rows × 20 columns: ${ms.toFixed(1)} ms median of ${RUNS} (budget ${BUDGET_MS} ms; ${painted} rows in the DOM, virtual scrolling)\n`,
    );
  } finally {
    await browser.close();
    site.close();
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
