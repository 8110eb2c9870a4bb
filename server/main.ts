/**
 * `npm start`: configuration → database (migrate, seed when fresh) → client build when missing →
 * one HTTP server for the API and the client.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { PROJECT_ROOT } from './paths';
import { startupMessage } from './core/authoring-error';

const startedAt = performance.now();
const ROOT = PROJECT_ROOT;
const DIST = resolve(ROOT, process.env.CLIENT_DIR ?? 'dist');
const BUILD_MARKER = resolve(DIST, '.xypj-build.json');

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** One line naming what the menu and dictionary files added ("menu:<id>", "dict:<code>", "dict:<code>:<value>"). */
function describeAdded(keys: string[]): string {
  const menus = keys.filter((k) => k.startsWith('menu:')).map((k) => k.slice(5));
  const dicts = keys.filter((k) => k.startsWith('dict:') && k.split(':').length === 2).map((k) => k.slice(5));
  const items = keys.filter((k) => k.startsWith('dict:') && k.split(':').length > 2).map((k) => k.slice(5));
  const list = (one: string, many: string, names: string[]) =>
    names.length === 0 ? [] : [`${names.length} ${names.length === 1 ? one : many}${names.length <= 12 ? ` (${names.join(', ')})` : ''}`];
  const parts = [...list('menu or button row', 'menu and button rows', menus), ...list('dictionary', 'dictionaries', dicts), ...list('dictionary item', 'dictionary items', items)];
  return `Added from the menu and dictionary files: ${parts.join('; ')}.`;
}

/** Builds the client only when dist/index.html is missing or was built for another API base. */
function ensureClientBuild(config: ServerConfig): void {
  const index = resolve(DIST, 'index.html');
  let builtFor: string | undefined;
  if (existsSync(BUILD_MARKER)) {
    try {
      builtFor = (JSON.parse(readFileSync(BUILD_MARKER, 'utf8')) as { apiBase?: string }).apiBase;
    } catch {
      builtFor = undefined;
    }
  }
  if (existsSync(index) && (builtFor === undefined || builtFor === config.apiBase)) return;
  say('Building the client (npx vite build)…');
  const res = spawnSync('npx', ['vite', 'build', '--outDir', DIST, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, API_BASE: config.apiBase },
  });
  if (res.status !== 0 || !existsSync(index)) throw new Error('client build failed (npx vite build)');
  writeFileSync(BUILD_MARKER, JSON.stringify({ apiBase: config.apiBase }));
}

async function main(): Promise<void> {
  const config = loadConfig();
  // load the HTTP stack while the database starts
  const appModule = import('./app');
  const { openDatabase } = await import('./db/open');
  const { migrateToLatest } = await import('./db/migrate');
  const { seedDatabase } = await import('./db/seed/index');

  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  const seed = await seedDatabase(database.db, { adminPassword: config.adminPassword, demoPassword: config.demoPassword });
  if (seed.seeded) {
    say(`New database created (${database.kind === 'pglite' ? resolve(config.dataDir, 'pglite') : 'DATABASE_URL'}).`);
    const gen = seed.generated;
    if (gen?.admin) say(`  Administrator: admin / ${gen.admin}   (generated; shown only this once)`);
    else say('  Administrator: admin / (ADMIN_PASSWORD)');
    const demos = gen?.demoUsernames.join(', ') ?? '';
    if (gen?.demo) say(`  Demo users ${demos}: ${gen.demo}   (generated; shown only this once)`);
    else say(`  Demo users ${demos}: (DEMO_PASSWORD)`);
  }

  if (seed.added.length > 0) say(describeAdded(seed.added));

  ensureClientBuild(config);

  const { buildApp } = await appModule;
  const app = await buildApp({
    db: database.db,
    config,
    clientDir: DIST,
    logger: { level: config.nodeEnv === 'production' ? 'warn' : 'info' },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: closing…`);
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      process.stderr.write(`shutdown failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: '0.0.0.0' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  void app.deps.tokens.deleteExpired().catch(() => undefined);
  say(`Listening on http://localhost:${port} (API under ${config.apiBase || '/'}; ready in ${Math.round(performance.now() - startedAt)} ms, ${Math.round(process.cpuUsage().user / 1000)} ms CPU)`);
}

main().catch((err: unknown) => {
  const message = err instanceof ConfigError ? `Configuration error: ${err.message}` : startupMessage(err);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
