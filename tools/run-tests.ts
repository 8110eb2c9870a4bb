/**
 * `npm test`: schema validation, the type check, ESLint and the Prettier check, then the vitest projects one after another
 * (unit, server, browser: on two cores, running them together makes the browser suite time out),
 * then one closing line with the totals. Arguments are passed to every vitest run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PROJECTS = ['unit', 'server', 'browser'];
// Vite's notice about its future config loader, printed by every vitest run, is not a test result.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';

function run(title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  process.stdout.write(`\n== ${title}\n`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  process.stdout.write(`== ${title}: ${res.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  return res.status === 0;
}

function stopWith(title: string): never {
  process.stdout.write(`\n${title} failed\n0 passed, 1 failed\n`);
  process.exit(1);
}

const extra = process.argv.slice(2);
if (existsSync('tools/validate-schemas.ts') && !run('schemas', 'npx', ['tsx', 'tools/validate-schemas.ts'])) stopWith('schema validation');
if (!run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])) stopWith('type check');
// contract/ is type-checked again without the DOM and Node types, so neither half's platform creeps into it
if (!run('typecheck contract', 'npx', ['tsc', '--noEmit', '-p', 'contract/tsconfig.json'])) stopWith('type check of contract/');
if (!run('lint', 'npm', ['run', '--silent', 'lint'])) stopWith('lint');
if (!run('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.'])) stopWith('format check (npm run format fixes it)');

const dir = mkdtempSync(path.join(tmpdir(), 'xypj-tests-'));
const summaryFile = path.join(dir, 'summary.jsonl');
let allOk = true;
for (const project of PROJECTS) {
  allOk =
    run(`${project} tests`, 'npx', ['vitest', 'run', '--project', project, '--passWithNoTests', ...extra], {
      ...process.env,
      TEST_SUMMARY_FILE: summaryFile,
    }) && allOk;
}
const totals = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(summaryFile)) {
  for (const line of readFileSync(summaryFile, 'utf8').split('\n').filter(Boolean)) {
    const counts = JSON.parse(line) as typeof totals;
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
}
rmSync(dir, { recursive: true, force: true });
if (!allOk && totals.failed === 0) totals.failed = 1;
const tail = totals.skipped ? `, ${totals.skipped} skipped` : '';
process.stdout.write(`\nall projects:\n${totals.passed} passed, ${totals.failed} failed${tail}\n`);
process.exit(allOk ? 0 : 1);
