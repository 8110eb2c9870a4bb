/**
 * `npm start`: runs the API server from one bundled file instead of hundreds of TypeScript modules
 * (loading those through tsx costs seconds at every start). The bundle is rebuilt with esbuild
 * whenever a file under server/ or package.json is newer than it; node_modules stay external.
 * Source maps are written beside it but not enabled (parsing them costs start-up time);
 * `npm run start:dev` runs the sources with tsx for development.
 */
import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const BUNDLE = resolve(ROOT, process.env.SERVER_BUNDLE_DIR ?? '.cache/server', 'main.mjs');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(BUNDLE) ||
  Math.max(newestSource(join(ROOT, 'server')), statSync(join(ROOT, 'package.json')).mtimeMs) > statSync(BUNDLE).mtimeMs;

if (stale) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(ROOT, 'server/main.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

// Node resolves the bundle's external packages from the bundle's own folder upwards: a bundle kept outside
// the project (SERVER_BUNDLE_DIR=/tmp/...) needs a node_modules link beside it.
const bundleDir = dirname(BUNDLE);
const fromRoot = relative(ROOT, bundleDir);
if ((fromRoot.startsWith('..') || isAbsolute(fromRoot)) && !existsSync(join(bundleDir, 'node_modules'))) {
  mkdirSync(bundleDir, { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(bundleDir, 'node_modules'), 'dir');
}

process.env.PROJECT_ROOT ??= ROOT;
await import(pathToFileURL(BUNDLE).href);
