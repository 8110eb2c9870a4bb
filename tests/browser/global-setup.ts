import { spawnSync } from 'node:child_process';

/**
 * Browser tests run against the built client served by the real server, so build
 * it once per run (the server only builds when no build exists, which would test
 * a stale bundle during development). Set E2E_SKIP_BUILD=1 to reuse dist/.
 */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // vitest sets NODE_ENV=test, which would make this a test build (rc-util's useId then gives every
  // radio group the same name); the product is a production build.
  const outDir = process.env.CLIENT_DIR ?? 'dist';
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (res.status !== 0) throw new Error('client build failed');
}
