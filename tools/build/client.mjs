/**
 * The client build `npm install` prepares and `npm start` checks: dist/ is rebuilt when it is missing, was built
 * for another API base, or any client source is newer than it. The build runs in a child process (its memory is
 * returned before the server starts) and prints one progress line every few seconds instead of Vite's file list.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['src', 'renderer', 'widgets', 'contract', 'schemas', 'public'];
const SOURCE_FILES = ['index.html', 'vite.config.ts', 'tools/vite-schema-check.ts', 'tools/vite-entity-pages.ts', 'tools/entity-pages.ts'];
const MARKER = '.xypj-build.json';

export function clientDir() {
  return resolve(ROOT, process.env.CLIENT_DIR ?? 'dist');
}

export function clientApiBase() {
  return process.env.API_BASE ?? '/api';
}

function newestIn(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestIn(join(path, entry)));
  return newest;
}

/** Why dist/ must be rebuilt, or undefined when it is up to date. */
export function staleReason(outDir = clientDir(), apiBase = clientApiBase()) {
  const marker = join(outDir, MARKER);
  if (!existsSync(join(outDir, 'index.html')) || !existsSync(marker)) return 'no client build yet';
  let builtFor;
  try {
    builtFor = JSON.parse(readFileSync(marker, 'utf8')).apiBase;
  } catch {
    return 'the build marker is unreadable';
  }
  if (builtFor !== apiBase) return `built for API_BASE ${builtFor}, now ${apiBase}`;
  const builtAt = statSync(marker).mtimeMs;
  const sources = [...SOURCE_DIRS, ...SOURCE_FILES].map((p) => join(ROOT, p));
  if (sources.some((p) => newestIn(p) > builtAt)) return 'client sources changed since the last build';
  return undefined;
}

/** Builds the client in a child process; resolves when dist/ is written, rejects when the build fails. */
export function buildClient(outDir = clientDir(), apiBase = clientApiBase()) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'tools/build/client.mjs'), '--build', outDir], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, API_BASE: apiBase, NODE_ENV: 'production' },
    });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`client build failed (exit ${code})`))));
  });
}

/** Runs inside the child: Vite's build with a progress line instead of its per-file output. */
async function runBuild(outDir) {
  // Vite's advice about its future config loader is for us, not for whoever runs npm start.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const { build } = await import('vite');
  const started = Date.now();
  let modules = 0;
  let phase = 'transforming';
  const report = () =>
    process.stdout.write(`  building the client: ${phase}, ${modules} modules, ${Math.round((Date.now() - started) / 1000)} s…\n`);
  const timer = setInterval(report, 2000);
  const progress = {
    name: 'xypj-build-progress',
    buildStart() {
      phase = 'reading sources';
      report();
      phase = 'transforming';
    },
    transform() {
      modules += 1;
      return null;
    },
    renderStart() {
      phase = 'writing chunks';
      report();
    },
  };
  try {
    await build({ root: ROOT, logLevel: 'warn', plugins: [progress], build: { outDir, emptyOutDir: true } });
  } finally {
    clearInterval(timer);
  }
  writeFileSync(join(outDir, MARKER), JSON.stringify({ apiBase: clientApiBase() }));
  process.stdout.write(`  client built in ${Math.round((Date.now() - started) / 1000)} s (${modules} modules) into ${outDir}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv[2] === '--build') {
  runBuild(resolve(process.argv[3] ?? clientDir())).catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
