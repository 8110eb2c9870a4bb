/**
 * Budgets: the first `npm start` after `npm install` (new database: migrate and seed; the client was built by the
 * install) serves its first request within 20 s; a restart on an existing data directory within 3 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, startProduct } from './_server';

const BUDGET_MS = 3000;
const FIRST_START_BUDGET_MS = 20_000;
const RUNS = 5;

const dataDir = mkdtempSync(path.join(tmpdir(), 'xypj-bench-start-'));
try {
  const first = await startProduct(dataDir);
  process.stdout.write(
    `first start (new database): ${first.firstAnswerMs.toFixed(0)} ms; budget ${FIRST_START_BUDGET_MS} ms; ratio ${(first.firstAnswerMs / FIRST_START_BUDGET_MS).toFixed(2)}\n`,
  );
  await first.stop();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = await startProduct(dataDir);
    times.push(s.firstAnswerMs);
    await s.stop();
  }
  const m = median(times);
  process.stdout.write(
    `restart on existing data dir: median ${m.toFixed(0)} ms over ${RUNS} runs (${times.map((t) => t.toFixed(0)).join(', ')}); budget ${BUDGET_MS} ms; ratio ${(m / BUDGET_MS).toFixed(2)}\n`,
  );
  process.exitCode = m <= BUDGET_MS && first.firstAnswerMs <= FIRST_START_BUDGET_MS ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
