/**
 * `npm start` (after tools/start.mjs has checked the client build): configuration → database (migrate, seed when
 * fresh) → one HTTP server for the API and the client. The passwords generated for a new database are printed last,
 * after "Listening", and kept in a file only the owner can read.
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config';
import { PROJECT_ROOT } from './paths';
import { startupMessage } from './core/authoring-error';
import { causeOf, StartupError } from './core/startup-error';
import { RedisUnavailableError } from './core/shared-state/types';
import { newDatabaseLines, saveCredentials } from './first-start';

const startedAt = performance.now();
const ROOT = PROJECT_ROOT;
const DIST = resolve(ROOT, process.env.CLIENT_DIR ?? 'dist');

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
  const parts = [
    ...list('menu or button row', 'menu and button rows', menus),
    ...list('dictionary', 'dictionaries', dicts),
    ...list('dictionary item', 'dictionary items', items),
  ];
  return `Added from the menu and dictionary files: ${parts.join('; ')}.`;
}

/** The listen address as a URL host: localhost for every interface, [x] for IPv6. */
function shownHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

async function main(): Promise<void> {
  const config = loadConfig();
  // load the HTTP stack while the database starts
  const startModule = import('./start');
  const { openDatabase } = await import('./db/open');

  const { checkDataDir, isNewPGlite } = await import('./db/data-dir');
  const pgliteDir = resolve(config.dataDir, 'pglite');
  checkDataDir(config.dataDir, !config.databaseUrl && isNewPGlite(config.dataDir));
  const database = await openDatabase(config).catch((err: unknown) => {
    throw new StartupError(`Cannot start the database ${config.databaseUrl ? '(DATABASE_URL)' : `in ${pgliteDir}`}: ${causeOf(err)}`);
  });
  // under a PostgreSQL advisory lock: instances started at once on one database migrate, seed and create tables in turn
  const { startApp } = await startModule;
  const { app, seed } = await startApp(database, {
    passwords: { adminPassword: config.adminPassword, demoPassword: config.demoPassword },
    config,
    clientDir: DIST,
    logger: { level: config.nodeEnv === 'production' ? 'warn' : 'info' },
  });
  const credentials = seed.seeded
    ? newDatabaseLines(seed.generated, database.kind === 'pglite' ? pgliteDir : 'DATABASE_URL', config.smsProvider)
    : [];
  if (seed.added.length > 0) say(describeAdded(seed.added));
  // the backup job's database, and `npm run backup` on the local socket for PGlite (docs/backup.md)
  const stopBackups = await (await import('./modules/backup/source')).serveBackups(database, config.dataDir);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: closing…`);
    try {
      await app.close();
      await stopBackups();
      await database.close();
      process.exit(0);
    } catch (err) {
      process.stderr.write(`shutdown failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  void app.deps.tokens.deleteExpired().catch(() => undefined);
  say(
    `Listening on http://${shownHost(config.host)}:${port} (API under ${config.apiBase || '/'}; ready in ${Math.round(performance.now() - startedAt)} ms, ${Math.round(process.cpuUsage().user / 1000)} ms CPU)`,
  );
  if (credentials.length > 0) {
    // after the logger's own listening lines, so the passwords stay the last thing on the console
    await new Promise((resolve) => setImmediate(resolve));
    const generated = seed.generated?.admin !== undefined || seed.generated?.demo !== undefined;
    const saved = generated
      ? [
          `  (also saved in ${saveCredentials(config.dataDir, credentials)}, readable only by you; delete it once you have changed the passwords)`,
        ]
      : [];
    say(['', ...credentials, ...saved, ''].join('\n'));
  }
}

main().catch((err: unknown) => {
  const message =
    err instanceof ConfigError
      ? `Configuration error: ${err.message}`
      : err instanceof RedisUnavailableError
        ? err.message
        : startupMessage(err);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
