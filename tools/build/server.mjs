/**
 * The API server runs from one esbuild bundle instead of hundreds of TypeScript modules (loading those through
 * tsx costs seconds at every start). The bundle is rebuilt whenever a file under server/ or contract/ or package.json is newer
 * than it; node_modules stay external. Source maps are written beside it but not enabled (parsing them costs
 * start-up time); `npm run start:dev` runs the sources with tsx.
 */
import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export function serverBundlePath() {
  return resolve(ROOT, process.env.SERVER_BUNDLE_DIR ?? '.cache/server', 'main.mjs');
}

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export async function ensureServerBundle(bundle = serverBundlePath()) {
  const stale =
    !existsSync(bundle) ||
    Math.max(newestSource(join(ROOT, 'server')), newestSource(join(ROOT, 'contract')), statSync(join(ROOT, 'package.json')).mtimeMs) >
      statSync(bundle).mtimeMs;
  if (stale) {
    const { build } = await import('esbuild');
    await build({
      entryPoints: [join(ROOT, 'server/main.ts')],
      outfile: bundle,
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
  const bundleDir = dirname(bundle);
  const fromRoot = relative(ROOT, bundleDir);
  if ((fromRoot.startsWith('..') || isAbsolute(fromRoot)) && !existsSync(join(bundleDir, 'node_modules'))) {
    mkdirSync(bundleDir, { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(bundleDir, 'node_modules'), 'dir');
  }
  return bundle;
}
