/**
 * A benchmark entity served by `npm start` on PGlite: a child process (this file, run with `prepare`) seeds a data
 * directory, fills the entity's table with the benchmark's own INSERT … SELECT and issues an admin token; then the
 * product serves that directory exactly as users run it.
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProduct, type Started } from './_server';

const PASSWORD = 'Bench#2026pass';

export interface BenchEntity {
  table: string;
  [key: string]: unknown;
}

export interface EntityBenchOptions {
  entity: BenchEntity;
  /** an INSERT … SELECT written by the benchmark (never user input) that fills entity.table */
  fillSql: string;
  tokenSecret: string;
}

type Message = { ready: true; token: string } | { error: string };

/** Child: seeds <dataDir>, runs FILL_SQL and sends an admin token. */
async function prepare(dataDir: string, fillSql: string, tokenSecret: string): Promise<void> {
  const { sql } = await import('kysely');
  const { openPGlite } = await import('../../server/db/open');
  const { migrateToLatest } = await import('../../server/db/migrate');
  const { seedDatabase } = await import('../../server/db/seed/index');
  const { buildApp } = await import('../../server/app');
  const { testConfig } = await import('../../server/config');
  const database = await openPGlite({ dataDir });
  await migrateToLatest(database.db);
  await seedDatabase(database.db, { adminPassword: PASSWORD, demoPassword: PASSWORD });
  const app = await buildApp({ db: database.db, config: testConfig({ tokenSecret, dataDir }) });
  await sql.raw(fillSql).execute(database.db);
  const admin = await database.db
    .selectFrom('sys_user')
    .select(['id', 'username'])
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  const token = await app.deps.tokens.issue(admin, '127.0.0.1');
  await app.close();
  await database.close();
  process.send!({ ready: true, token } satisfies Message);
}

function prepareInChild(dataDir: string, entityDir: string, options: EntityBenchOptions): Promise<Message> {
  const proc = fork(import.meta.filename, ['prepare', dataDir], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ENTITY_DIRS: entityDir, NODE_ENV: 'test', FILL_SQL: options.fillSql, TOKEN_SECRET: options.tokenSecret },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<Message>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as Message));
    proc.once('exit', (code) => reject(new Error(`prepare exited with ${code}`)));
  });
}

/** Prepares the data, starts the product on it, runs `run`, then stops the server and removes the files. */
export async function withEntityBench(options: EntityBenchOptions, run: (server: Started, token: string) => Promise<void>): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), `xypj-${options.entity.table}-`));
  const entityDir = path.join(work, 'entities');
  const dataDir = path.join(work, 'data');
  try {
    mkdirSync(entityDir);
    writeFileSync(path.join(entityDir, `${options.entity.table}.json`), JSON.stringify(options.entity));
    const prepared = await prepareInChild(path.join(dataDir, 'pglite'), entityDir, options);
    if (!('ready' in prepared)) throw new Error(`prepare failed: ${prepared.error}`);
    const server = await startProduct(dataDir, { ENTITY_DIRS: entityDir, TOKEN_SECRET: options.tokenSecret, NODE_ENV: 'production' });
    try {
      await run(server, prepared.token);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const [mode, dir] = process.argv.slice(2);
if (mode === 'prepare' && dir && path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  prepare(dir, process.env.FILL_SQL ?? '', process.env.TOKEN_SECRET ?? '').catch((err: unknown) => {
    process.send?.({ error: String(err) } satisfies Message);
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
