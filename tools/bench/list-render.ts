/**
 * List-page budget (issue 3): a schema list page with 1,000 rows × 20 columns renders
 * (request answered, rows painted) in ≤ 300 ms in Chromium. Vite-built fixture + playwright-core.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildFixture, serveFixture } from './_fixture';

const RUNS = Number(process.env.LIST_BENCH_RUNS ?? 5);
const ROWS = Number(process.env.LIST_BENCH_ROWS ?? 1000);
const BUDGET_MS = 300;

declare global {
  interface Window {
    listBench: { mount(rows: number): Promise<number>; warm(): Promise<void>; rowCount(): number };
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const build = (outDir: string) => buildFixture('tools/bench/list-render.vite.config.ts', 'LIST_BENCH_OUT', outDir);
const serve = serveFixture;

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
