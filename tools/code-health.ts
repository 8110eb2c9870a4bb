/**
 * `npm run code-health` (also a step of `npm run bench`): counts that should stay at 0 (the `.success` checks
 * under 20). `--list` prints what each count found.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { routeSchemaGaps } from './code-health/route-schemas';

const CLIENT_DIRS = ['src', 'renderer', 'widgets'];
const SUCCESS_BUDGET = 20;
const RULE = 'max-lines-per-function';
const PRODUCT_DIRS = ['renderer', 'widgets', 'src', 'server', 'tools'];
/** a product file on no exception list, to read the rule's options from */
const PRODUCT_FILE = 'server/app.ts';
const list = process.argv.includes('--list');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.gen.ts') ? [path] : [];
  });
}

/**
 * Places where client code reads the envelope's `success` flag itself instead of going through the data provider
 * or src/api/request.ts. A call of a notifier's `success(…)` and a schema's `success` text are not reads.
 */
function successChecks(): string[] {
  return CLIENT_DIRS.flatMap(sourceFiles).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (/\.success\b(?!\s*\()/.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${file}:${i + 1}`] : [])),
  );
}

function filesDifferingFromFormatter(): string[] {
  const res = spawnSync('npx', ['prettier', '--list-different', '.'], { encoding: 'utf8' });
  return res.stdout.split('\n').filter(Boolean);
}

/** The rule's options as eslint.config.js sets them for product code, applied to every file (exceptions ignored). */
async function functionsOverLimit(): Promise<string[]> {
  const options = ((await new ESLint().calculateConfigForFile(PRODUCT_FILE)) as Linter.Config).rules?.[RULE];
  if (!Array.isArray(options)) throw new Error(`eslint.config.js sets no options for ${RULE} on ${PRODUCT_FILE}`);
  const eslint = new ESLint({
    overrideConfig: [{ files: PRODUCT_DIRS.map((d) => `${d}/**`), rules: { [RULE]: options as Linter.RuleEntry } }],
    ruleFilter: ({ ruleId }) => ruleId === RULE,
  });
  const results = await eslint.lintFiles(PRODUCT_DIRS);
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === RULE).map((m) => `${relative(process.cwd(), r.filePath)}:${m.line}`));
}

function report(label: string, found: string[], note = ''): void {
  process.stdout.write(`${label}: ${found.length}${note}\n`);
  if (list) for (const item of found) process.stdout.write(`  ${item}\n`);
}

const routes = await routeSchemaGaps();
report(
  'routes without a schema',
  routes.gaps.map((g) => `${g.route} (${g.missing.join(', ')})`),
  ` of ${routes.routes}`,
);
const success = successChecks();
report(`.success checks in ${CLIENT_DIRS.join(', ')}`, success, `; budget under ${SUCCESS_BUDGET}`);
report('files differing from the formatter', filesDifferingFromFormatter());
report('functions over 120 lines', await functionsOverLimit());
