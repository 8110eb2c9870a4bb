/**
 * Online form budget: the form the runtime serves for a design with 500 fields (the server's own
 * page-schema code, as /online/df/{table}/{id} shows it) renders in ≤ 500 ms in Chromium, and a keystroke in one of
 * its inputs is handled (React + Formily update and layout) with p95 ≤ 16 ms. Vite-built fixture + playwright-core.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildFixture, serveFixture } from './_fixture';
import { buildDefinition, type FieldRow, type HeadRow } from '../../server/modules/online/runtime/definition';
import { formPageSchema } from '../../server/modules/online/runtime/page';

const FIELDS = Number(process.env.ONLINE_FORM_FIELDS ?? 500);
const RUNS = Number(process.env.ONLINE_FORM_RUNS ?? 5);
const KEYS = Number(process.env.ONLINE_FORM_KEYS ?? 60);
const RENDER_BUDGET_MS = 500;
const KEY_BUDGET_MS = 16;

declare global {
  interface Window {
    formBench: {
      mount(schema: unknown, fields: number): Promise<number>;
      warm(): Promise<void>;
      fieldCount(): { mounted: number; waiting: number };
      measured(count: number): Promise<void>;
      latencies(): number[];
      layoutParts(): number[];
      scrollAll(): Promise<number>;
    };
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

/** Types KEYS letters into the focused field, one at a time as a person does: each key is measured before the next. */
async function typeMeasured(page: Page): Promise<number[]> {
  await page.evaluate(() => window.formBench.latencies());
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    await page.evaluate((n) => window.formBench.measured(n), i + 1);
  }
  return page.evaluate(() => window.formBench.latencies());
}

/** A design of FIELDS fields of the usual kinds (text, number, decimal, date, datetime, textarea, password). */
function formSchema(): unknown {
  const kinds: Array<Pick<FieldRow, 'db_type' | 'field_show_type' | 'db_length'>> = [
    { db_type: 'string', field_show_type: 'text', db_length: 100 },
    { db_type: 'int', field_show_type: 'text', db_length: 10 },
    { db_type: 'BigDecimal', field_show_type: 'text', db_length: 10 },
    { db_type: 'Date', field_show_type: 'date', db_length: 0 },
    { db_type: 'Datetime', field_show_type: 'datetime', db_length: 0 },
    { db_type: 'Text', field_show_type: 'textarea', db_length: 0 },
    { db_type: 'string', field_show_type: 'password', db_length: 32 },
  ];
  const now = new Date();
  const head = {
    id: 'bench',
    table_name: 'bench_form',
    table_txt: '五百字段表单',
    table_type: 1,
    table_version: 1,
    is_checkbox: 'Y',
    is_db_synch: 'Y',
    is_page: 'Y',
    is_tree: 'N',
    form_template: '2',
    theme_template: 'normal',
    scroll: 1,
    update_time: now,
  } as unknown as HeadRow;
  const fields = Array.from({ length: FIELDS }, (_, i) => ({
    ...kinds[i % kinds.length]!,
    id: `f${i}`,
    cgform_head_id: 'bench',
    db_field_name: `field_${i}`,
    db_field_txt: `字段${i}`,
    db_point_length: 2,
    db_is_null: 1,
    db_is_key: 0,
    field_must_input: i % 10 === 0 ? '1' : '0',
    is_show_form: 1,
    is_show_list: i < 10 ? 1 : 0,
    is_query: 0,
    is_read_only: 0,
    is_unique: 0,
    query_mode: 'single',
    order_num: i,
    sort_flag: '0',
  })) as unknown as FieldRow[];
  const def = buildDefinition(head, fields);
  return formPageSchema(
    {
      form: { head, fields, def, subs: [] },
      auth: { isAdmin: true, hiddenColumns: new Set(), hiddenButtons: new Set(), dataRules: [] },
      def,
    },
    'add',
  );
}

/** ONLINE_FORM_PROFILE=1: one mount under the CPU profiler, the functions taking most self time printed. */
async function profile(page: import('playwright-core').Page, schema: unknown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  if (process.env.ONLINE_FORM_PROFILE === 'keys' || process.env.ONLINE_FORM_PROFILE === 'keys-all') {
    await page.evaluate(([s, n]) => window.formBench.mount(s, n as number), [schema, FIELDS] as const);
    if (process.env.ONLINE_FORM_PROFILE === 'keys-all') await page.evaluate(() => window.formBench.scrollAll());
    await page.locator('input[placeholder="请输入字段0"]').click();
  }
  await cdp.send('Profiler.start');
  if (process.env.ONLINE_FORM_PROFILE?.startsWith('keys')) for (let i = 0; i < KEYS; i++) await page.keyboard.type('x');
  else await page.evaluate(([s, n]) => window.formBench.mount(s, n as number), [schema, FIELDS] as const);
  const { profile: p } = (await cdp.send('Profiler.stop')) as {
    profile: {
      nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }>;
      samples: number[];
      timeDeltas: number[];
    };
  };
  const self = new Map<string, number>();
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  p.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    process.stdout.write(`  ${ms.toFixed(1).padStart(8)} ms  ${k}\n`);
}

const outDir = mkdtempSync(path.join(tmpdir(), 'online-form-bench-'));
let failed = false;
try {
  buildFixture('tools/bench/online-form.vite.config.ts', 'ONLINE_FORM_BENCH_OUT', outDir);
  const site = await serveFixture(outDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(site.url);
    await page.waitForFunction(() => !!window.formBench);
    await page.evaluate(() => window.formBench.warm());
    const schema = formSchema();
    await page.evaluate(([s, n]) => window.formBench.mount(s, n as number), [schema, FIELDS] as const);
    if (process.env.ONLINE_FORM_PROFILE) await profile(page, schema);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++)
      times.push(await page.evaluate(([s, n]) => window.formBench.mount(s, n as number), [schema, FIELDS] as const));
    const count = await page.evaluate(() => window.formBench.fieldCount());
    const render = median(times);

    if (process.env.ONLINE_FORM_SHOT) await page.screenshot({ path: process.env.ONLINE_FORM_SHOT });
    const input = page.locator('input[placeholder="请输入字段0"]');
    await input.click();
    const keys = await typeMeasured(page);
    const last = page.locator('textarea').first();
    await last.click();
    keys.push(...(await typeMeasured(page)));
    const typedAll = (await input.inputValue()).length === KEYS && (await last.inputValue()).length === KEYS;
    const keyP95 = p95(keys);

    const scrolled = await page.evaluate(() => window.formBench.scrollAll());
    const afterScroll = await page.evaluate(() => window.formBench.fieldCount());
    // the same typing once every item is mounted (the user scrolled through the form)
    await input.fill('');
    await input.click();
    await page.evaluate(() => window.formBench.layoutParts());
    const mountedKeys = await typeMeasured(page);
    const mountedLayout = await page.evaluate(() => window.formBench.layoutParts());
    const renderOk = render <= RENDER_BUDGET_MS && count.mounted + count.waiting >= FIELDS;
    const keyOk = keyP95 <= KEY_BUDGET_MS && typedAll;
    failed = !renderOk || !keyOk;
    process.stdout.write(
      `  ${renderOk ? 'ok  ' : 'OVER'} online form ${FIELDS} fields: rendered in ${render.toFixed(1)} ms median of ${RUNS} (budget ${RENDER_BUDGET_MS} ms; ${count.mounted} items mounted, ${count.waiting} mount when scrolled near)\n`,
    );
    process.stdout.write(
      `       scrolling through the whole form (${Math.ceil(FIELDS / 20)} steps, each painted) took ${scrolled.toFixed(0)} ms; ${afterScroll.mounted} items mounted after\n`,
    );
    process.stdout.write(
      `  ${keyOk ? 'ok  ' : 'OVER'} keystroke latency: p95 ${keyP95.toFixed(1)} ms, median ${median(keys).toFixed(1)} ms over ${keys.length} keys, ${typedAll ? 'every character in its field' : 'CHARACTERS LOST'} (budget p95 ${KEY_BUDGET_MS} ms)\n`,
    );
    process.stdout.write(
      `       with all ${afterScroll.mounted} items mounted: p95 ${p95(mountedKeys).toFixed(1)} ms, median ${median(mountedKeys).toFixed(1)} ms over ${mountedKeys.length} keys (style and layout: median ${median(mountedLayout).toFixed(1)} ms)\n`,
    );
  } finally {
    await browser.close();
    site.close();
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
