import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openPGlite, openPostgres, type OpenDatabase } from '../../../server/db/open';
import { prepareDatabase } from '../../../server/db/prepare';
import { loadSeedData } from '../../../server/db/seed/index';
import { reportReaderRole } from '../../../server/modules/online/sql-runner';

export type Backend = 'pglite' | 'postgres';

export const TEST_PASSWORDS = { admin: 'Admin#Test2024', demo: 'Demo#Test2024' } as const;

const DB_SOURCE_DIR = resolve(import.meta.dirname, '../../../server/db');
/** Menus, dictionaries and the pages and entities menu buttons come from are seeded too. */
const SCHEMAS_DIR = resolve(import.meta.dirname, '../../../schemas');

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI). */
export function backends(): Backend[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Changes to migrations, seeds or schema files give a new snapshot. */
function snapshotPath(): string {
  const hash = createHash('sha256');
  for (const file of [...filesUnder(DB_SOURCE_DIR), ...filesUnder(SCHEMAS_DIR)].sort()) hash.update(file).update(readFileSync(file));
  hash.update(JSON.stringify(TEST_PASSWORDS));
  return join(tmpdir(), `xypj-pglite-snapshot-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function prepare(db: OpenDatabase): Promise<void> {
  // The project's own menu and dictionary files only: a test's MENU_DIRS / DICT_DIRS never reach the shared snapshot.
  await prepareDatabase(db, { adminPassword: TEST_PASSWORDS.admin, demoPassword: TEST_PASSWORDS.demo }, loadSeedData({}));
}

async function buildSnapshot(path: string): Promise<void> {
  const db = await openPGlite({});
  try {
    await prepare(db);
    const dump = await db.dumpDataDir!();
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, path);
  } finally {
    await db.close();
  }
}

/** The snapshot file, built by the first test worker that needs it (others wait on a lock directory). */
async function ensureSnapshot(): Promise<string> {
  const path = snapshotPath();
  const lock = `${path}.lock`;
  for (let waited = 0; !existsSync(path); waited += 200) {
    try {
      mkdirSync(lock);
    } catch {
      const age = Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs;
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      await sleep(200);
      continue;
    }
    try {
      if (!existsSync(path)) await buildSnapshot(path);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return path;
}

async function openPGliteFromSnapshot(): Promise<OpenDatabase> {
  const data = readFileSync(await ensureSnapshot());
  return openPGlite({ loadDataDir: new Blob([data]) });
}

/**
 * A migrated and seeded throwaway database xypj_t_<random> beside the one named in DATABASE_URL (never that one):
 * its url, for as many connections as a test needs, and how to drop it.
 */
export async function createThrowawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const baseUrl = process.env.DATABASE_URL!;
  const name = `xypj_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  try {
    await prepare(db);
  } finally {
    await db.close();
  }
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      // the report role of that database (created at start) belongs to the cluster
      await dropper.query(`drop role if exists ${reportReaderRole(name.toLowerCase())}`).catch(() => undefined);
      await dropper.end();
    },
  };
}

async function openThrowawayPostgres(): Promise<OpenDatabase> {
  const throwaway = await createThrowawayPostgres();
  const db = await openPostgres(throwaway.url);
  return {
    ...db,
    close: async () => {
      await db.close();
      await throwaway.drop();
    },
  };
}

export function openTestDatabase(backend: Backend): Promise<OpenDatabase> {
  return backend === 'pglite' ? openPGliteFromSnapshot() : openThrowawayPostgres();
}
