/**
 * Editable-grid budgets (issue 6), in Chromium against a Vite-built fixture page:
 * 10,000 rows × 10 columns first render ≤ 250 ms; keystroke-to-paint p95 ≤ 16 ms at 10,000 rows;
 * scrolling the full height shows no blank rows; validating 10,000 rows ≤ 500 ms;
 * with 200 rows at least 5× faster than @formily/antd-v5 ArrayTable rendering the same data in the same run.
 *
 * Keystroke to paint follows the browser's definition (Event Timing): from the keydown's timestamp to the
 * frame that shows the character. Chromium, headless too, paces frames to a 60 Hz vsync, so with default
 * flags every paint also waits for the next vsync tick (0–16.7 ms, independent of the page): a p95 under
 * 16 ms is then impossible for any page. The budget is therefore judged in a second browser launched with
 * --disable-frame-rate-limit --disable-gpu-vsync, where a frame is produced as soon as one is requested;
 * the vsync-paced figure is printed beside it, with how many keys were not shown in the first frame after
 * their handler finished (a page slower than a frame would miss it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildFixture, serveFixture } from './_fixture';

const RUNS = Number(process.env.GRID_BENCH_RUNS ?? 5);
const BUDGET = { render10k: 250, keyP95: 16, validate10k: 500, ratio200: 5 };

interface KeySample {
  delay: number;
  work: number;
  paint: number;
}
interface KeyRound {
  samples: KeySample[];
  slowEvents: number;
}
interface BenchApi {
  mount(kind: 'grid' | 'arrayTable', rows: number): Promise<number>;
  unmount(): void;
  startKeyLatency(): () => KeyRound;
  scrollAll(): Promise<{ steps: number; blank: number }>;
  inputWork(count: number): number[];
  validateAll(): { ms: number; errors: number };
}
declare global {
  interface Window {
    bench: BenchApi;
    stopKeys?: () => KeyRound;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)];
const fmt = (n: number) => n.toFixed(1);

const build = (outDir: string) => buildFixture('tools/bench/grid.vite.config.ts', 'GRID_BENCH_OUT', outDir);
const serve = serveFixture;

async function renders(page: Page, kind: 'grid' | 'arrayTable', rows: number): Promise<number[]> {
  await page.evaluate(([k, n]) => window.bench.mount(k, n), [kind, rows] as const);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await page.evaluate(([k, n]) => window.bench.mount(k, n), [kind, rows] as const));
  return times;
}

/** One round: open an editor in a 10,000-row grid and type 50 characters; latency per key. */
async function keystrokes(page: Page, rowId: number): Promise<KeyRound> {
  await page.evaluate(() => window.bench.mount('grid', 10_000));
  await page.locator(`[data-row-id="${rowId}"] [data-key="remark"] .eg-td-text`).click();
  const input = page.locator(`[data-row-id="${rowId}"] [data-key="remark"] input`);
  await input.waitFor();
  await page.evaluate(() => (window.stopKeys = window.bench.startKeyLatency()));
  for (const ch of 'abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmn') {
    await page.keyboard.press(ch);
    await page.waitForTimeout(15);
  }
  await page.waitForTimeout(50);
  const round = await page.evaluate(() => (window.stopKeys as () => KeyRound)());
  const typed = await input.inputValue();
  if (!typed.endsWith('abcdefghijklmn')) throw new Error(`typing did not reach the cell: "${typed}"`);
  return round;
}

/** Typing rounds of 50 keys each; the judged figure is the median of the rounds' p95, so more rounds steady it. */
const ROUNDS = 5;
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const UNPACED_ARGS = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];

async function openBench(url: string, extraArgs: string[] = []) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...BASE_ARGS, ...extraArgs],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => !!window.bench);
  return { browser, page };
}

interface KeyFigures {
  p95: number;
  rounds: number[];
  median: number;
  keys: number;
  workP95: number;
  delayP95: number;
  slowEvents: number;
}

async function keyFigures(page: Page, count = ROUNDS): Promise<KeyFigures> {
  const rounds: KeyRound[] = [];
  for (let i = 0; i < count; i++) rounds.push(await keystrokes(page, i + 2));
  const all = rounds.flatMap((r) => r.samples);
  const perRound = rounds.map((r) => p95(r.samples.map((k) => k.paint)));
  return {
    p95: median(perRound),
    rounds: perRound,
    median: median(all.map((k) => k.paint)),
    keys: all.length,
    workP95: p95(all.map((k) => k.work)),
    delayP95: p95(all.map((k) => k.delay)),
    slowEvents: rounds.reduce((n, r) => n + r.slowEvents, 0),
  };
}

/**
 * The same keystroke measurement on a plain <input> on a blank page in the same browser: the part of the
 * figure that any page pays on this machine (event routing, a frame, raster and draw), printed for scale.
 */
async function plainInputP95(page: Page): Promise<{ p95: number; median: number }> {
  await page.setContent('<input id="plain" style="margin:40px;width:200px">');
  const perRound: number[] = [];
  const all: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    await page.fill('#plain', '');
    await page.click('#plain');
    await page.evaluate(() => {
      const w = window as unknown as { samples: number[]; t0: number; installed?: boolean };
      w.samples = [];
      if (w.installed) return;
      w.installed = true;
      window.addEventListener('keydown', (e) => (w.t0 = e.timeStamp), true);
      window.addEventListener('input', () => {
        const start = w.t0;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => w.samples.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      });
    });
    for (const ch of 'abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmn') {
      await page.keyboard.press(ch);
      await page.waitForTimeout(15);
    }
    await page.waitForTimeout(50);
    const samples = await page.evaluate(() => (window as unknown as { samples: number[] }).samples);
    perRound.push(p95(samples));
    all.push(...samples);
  }
  return { p95: median(perRound), median: median(all) };
}

const describeKeys = (k: KeyFigures) =>
  `p95 ${fmt(k.p95)} ms (p95 per round: ${k.rounds.map(fmt).join(', ')}), median ${fmt(k.median)} ms over ${k.keys} keys; ` +
  `of which input queueing p95 ${fmt(k.delayP95)} ms, grid work (handler, DOM, layout) p95 ${fmt(k.workP95)} ms; ` +
  `keydowns the browser's Event Timing reported ≥ 16 ms: ${k.slowEvents}`;

const outDir = mkdtempSync(path.join(tmpdir(), 'grid-bench-'));
let failed = false;
try {
  build(outDir);
  const site = await serve(outDir);
  try {
    const { browser, page } = await openBench(site.url);
    const grid10k = median(await renders(page, 'grid', 10_000));
    const grid200 = median(await renders(page, 'grid', 200));
    const arrayTable200 = median(await renders(page, 'arrayTable', 200));
    const ratio = arrayTable200 / grid200;
    const paced = await keyFigures(page, 3);
    const work = await page.evaluate(() => window.bench.inputWork(200));
    const scroll = await page.evaluate(() => window.bench.scrollAll());
    await page.evaluate(() => window.bench.mount('grid', 10_000));
    const validations: { ms: number; errors: number }[] = [];
    for (let i = 0; i < RUNS; i++) validations.push(await page.evaluate(() => window.bench.validateAll()));
    const validate = median(validations.map((v) => v.ms));
    const plainPaced = await plainInputP95(page);
    await browser.close();
    const unpacedBench = await openBench(site.url, UNPACED_ARGS);
    const unpaced = await keyFigures(unpacedBench.page);
    const plain = await plainInputP95(unpacedBench.page).finally(() => unpacedBench.browser.close());

    const lines: [string, boolean][] = [
      [`first render 10,000 rows × 10 columns: ${fmt(grid10k)} ms (budget ${BUDGET.render10k} ms)`, grid10k <= BUDGET.render10k],
      [
        `keystroke to paint at 10,000 rows, frames unpaced: ${describeKeys(unpaced)} (budget p95 ${BUDGET.keyP95} ms)`,
        unpaced.p95 <= BUDGET.keyP95,
      ],
      [`scroll full height: ${scroll.steps} viewports, ${scroll.blank} with blank rows (budget 0)`, scroll.blank === 0],
      [
        `validate 10,000 rows: ${fmt(validate)} ms, ${validations[0].errors} errors (budget ${BUDGET.validate10k} ms)`,
        validate <= BUDGET.validate10k,
      ],
      [
        `200 rows: grid ${fmt(grid200)} ms vs ArrayTable ${fmt(arrayTable200)} ms = ${ratio.toFixed(1)}× faster (budget ≥ ${BUDGET.ratio200}×)`,
        ratio >= BUDGET.ratio200,
      ],
    ];
    for (const [text, ok] of lines) process.stdout.write(`  ${ok ? 'ok  ' : 'OVER'} ${text}\n`);
    process.stdout.write(
      `  keystroke to paint in a plain input on a blank page, same unpaced browser (not judged, the machine's floor): p95 ${fmt(plain.p95)} ms, median ${fmt(plain.median)} ms; the grid cell adds ${fmt(unpaced.median - plain.median)} ms at the median\n`,
    );
    process.stdout.write(`  keystroke to paint at 10,000 rows, default 60 Hz vsync pacing (not judged): ${describeKeys(paced)}\n`);
    process.stdout.write(
      `  keystroke to paint in a plain input on a blank page, vsync pacing (not judged, what any page pays there): p95 ${fmt(plainPaced.p95)} ms, median ${fmt(plainPaced.median)} ms\n`,
    );
    process.stdout.write(
      `  main-thread work per keystroke at 10,000 rows (synthetic input events): median ${fmt(median(work))} ms, p95 ${fmt(p95(work))} ms\n`,
    );
    process.stdout.write(
      `  machine load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${cpus().length} cores while measuring\n`,
    );
    process.stdout.write(
      `  medians of ${RUNS} runs; ArrayTable takes ${fmt(arrayTable200 / grid10k)}× longer for 200 rows than the grid for 10,000\n`,
    );
    failed = lines.some(([, ok]) => !ok);
  } finally {
    site.close();
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
