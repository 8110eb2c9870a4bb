/**
 * `npm test`: schema validation, type check, then every vitest project
 * (unit, server, browser). Stops at the first failing stage.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(title: string, cmd: string, args: string[]): void {
  process.stdout.write(`\n== ${title}\n`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (res.status !== 0) {
    process.stdout.write(`\n${title} failed\n0 passed, 1 failed\n`);
    process.exit(res.status ?? 1);
  }
}

const extra = process.argv.slice(2);
if (existsSync('tools/validate-schemas.ts')) run('schemas', 'npx', ['tsx', 'tools/validate-schemas.ts']);
run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
run('tests', 'npx', ['vitest', 'run', ...extra]);
