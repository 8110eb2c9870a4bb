/** `npm run bench`: runs every benchmark script in tools/bench/ (files starting with "_" are helpers). */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const scripts = readdirSync('tools/bench')
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.config.ts') && f !== 'run-all.ts' && !f.startsWith('_'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
if (only.length === 0 || only.some((o) => 'code-health'.includes(o))) {
  // counts, not a budget: printed with the figures, never failing the run
  process.stdout.write('\n== code-health\n');
  spawnSync('npx', ['tsx', 'tools/code-health.ts'], { stdio: 'inherit', env: process.env });
}
for (const script of scripts) {
  process.stdout.write(`\n== ${script}\n`);
  const res = spawnSync('npx', ['tsx', `tools/bench/${script}`], { stdio: 'inherit', env: process.env });
  if (res.status !== 0) failed++;
}
process.stdout.write(`\nbench: ${scripts.length - failed} within budget, ${failed} over budget or failed\n`);
process.exit(failed ? 1 : 0);
