import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openPGlite, openPostgres, type DatabaseKind, type OpenDatabase } from '../../db/open';
import { parseSchema } from './ddl';
import { pgliteLockHolder } from './lock';
import { checkRowCounts, copyDatabase, LogicalImport } from './logical';
import { BackupFileError, FILES_PREFIX, MANIFEST_NAME, PGDATA_PREFIX, ROWS_PREFIX, SCHEMA_MEMBER, type Manifest } from './manifest';
import { makePGdataDirectories, writePGdataFile } from './pgdata';
import { backupMembers, verifyBackup } from './verify';

export interface RestoreTarget {
  /** DATA_DIR: PGlite goes to DATA_DIR/pglite (when no databaseUrl), files to DATA_DIR/upload */
  dataDir: string;
  /** DATABASE_URL: restore into this (empty) PostgreSQL database */
  databaseUrl?: string;
}

export interface RestoreResult {
  from: DatabaseKind;
  to: DatabaseKind;
  createdAt: string;
  tables: number;
  rows: number;
  files: number;
}

/** A target that is not empty, in use, or otherwise not fit: nothing was changed. */
export class RestoreRefusedError extends Error {}

type AnyDb = Kysely<unknown>;

function isEmptyDir(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

function checkUploadFolder(dataDir: string, manifest: Manifest): void {
  const upload = join(dataDir, 'upload');
  if (manifest.files.length > 0 && !isEmptyDir(upload)) {
    throw new RestoreRefusedError(`${upload} is not empty; the backup's files go there: move it away or choose another DATA_DIR`);
  }
}

async function tablesIn(db: AnyDb): Promise<number> {
  const res = await sql<{ n: number }>`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'S', 'p', 'f')`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/** Replays the archive's members into `onMember`, each checked against the manifest's checksum as it is read. */
async function replay(
  file: string,
  checksums: Map<string, string>,
  onMember: (name: string, body: Buffer) => Promise<void>,
): Promise<void> {
  for await (const { name, body } of backupMembers(file, checksums)) if (name !== MANIFEST_NAME) await onMember(name, body);
}

const ROWS_MEMBER = new RegExp(`^${ROWS_PREFIX}(\\d+)-\\d+\\.jsonl$`);

/** A PostgreSQL (logical) backup into `db`, in one transaction, with the row counts checked before commit. */
async function importLogicalBackup(db: AnyDb, file: string, manifest: Manifest, checksums: Map<string, string>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let copy: LogicalImport | null = null;
    await replay(file, checksums, async (name, body) => {
      if (name === SCHEMA_MEMBER) {
        copy = new LogicalImport(trx, parseSchema(body));
        await copy.begin();
        return;
      }
      const rows = ROWS_MEMBER.exec(name);
      if (rows) {
        if (!copy) throw new BackupFileError(`${file}: rows come before the schema`);
        await (copy as LogicalImport).rows(Number(rows[1]), body);
      }
    });
    if (!copy) throw new BackupFileError(`${file}: the schema is missing`);
    await (copy as LogicalImport).finish();
    await checkRowCounts(trx, manifest.tables);
  });
}

/** Writes a PGlite backup's data directory into `pgdata` (empty), each file checked against the manifest. */
async function extractPGdata(file: string, checksums: Map<string, string>, manifest: Manifest, pgdata: string): Promise<void> {
  makePGdataDirectories(pgdata, manifest.directories ?? []);
  await replay(file, checksums, async (name, body) => {
    if (name.startsWith(PGDATA_PREFIX)) writePGdataFile(pgdata, name.slice(PGDATA_PREFIX.length), body);
  });
}

/** A PGlite backup into a PostgreSQL database: its data directory is opened in a temporary folder of DATA_DIR and copied table by table. */
async function importPGliteBackup(
  target: AnyDb,
  file: string,
  checksums: Map<string, string>,
  manifest: Manifest,
  dataDir: string,
): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const work = mkdtempSync(join(dataDir, '.restore-'));
  const pgdata = join(work, 'pglite');
  try {
    await extractPGdata(file, checksums, manifest, pgdata);
    const source = await openPGlite({ dataDir: pgdata });
    try {
      await source.db.transaction().execute((from) =>
        target.transaction().execute(async (to) => {
          await copyDatabase(from as unknown as AnyDb, to as unknown as AnyDb);
          await checkRowCounts(to as unknown as AnyDb, manifest.tables);
        }),
      );
    } finally {
      await source.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function writeFiles(file: string, checksums: Map<string, string>, manifest: Manifest, dataDir: string): Promise<void> {
  if (manifest.files.length === 0) return;
  const root = resolve(dataDir, 'upload');
  const byMember = new Map(manifest.files.map((f) => [f.member, f.path]));
  await replay(file, checksums, async (name, body) => {
    const path = name.startsWith(FILES_PREFIX) ? byMember.get(name) : undefined;
    if (path === undefined) return;
    const target = resolve(root, path);
    if (!target.startsWith(root + sep)) throw new BackupFileError(`${file}: file path ${path} leaves the upload folder`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, body, { flag: 'wx' });
  });
}

async function restoreIntoPGlite(file: string, dataDir: string): Promise<Manifest> {
  const pgliteDir = join(dataDir, 'pglite');
  if (!isEmptyDir(pgliteDir)) {
    throw new RestoreRefusedError(
      `${pgliteDir} is not empty: restore needs an empty data folder (stop the server and move the folder away, or set another DATA_DIR)`,
    );
  }
  const holder = pgliteLockHolder(pgliteDir);
  if (holder !== null) throw new RestoreRefusedError(`${pgliteDir} is in use by process ${holder}; stop the server first`);
  const { manifest, checksums } = await verifyBackup(file);
  checkUploadFolder(dataDir, manifest);
  let opened: OpenDatabase | null = null;
  try {
    if (manifest.backend === 'pglite') {
      await extractPGdata(file, checksums, manifest, pgliteDir);
      opened = await openPGlite({ dataDir: pgliteDir });
      await checkRowCounts(opened.db as unknown as AnyDb, manifest.tables);
    } else {
      opened = await openPGlite({ dataDir: pgliteDir });
      await importLogicalBackup(opened.db as unknown as AnyDb, file, manifest, checksums);
    }
    await opened.close();
    opened = null;
    await writeFiles(file, checksums, manifest, dataDir);
    return manifest;
  } catch (err) {
    await opened?.close().catch(() => undefined);
    // both were empty before: what is there now is this restore's own partial work
    rmSync(pgliteDir, { recursive: true, force: true });
    if (manifest.files.length > 0) rmSync(join(dataDir, 'upload'), { recursive: true, force: true });
    throw err;
  }
}

async function restoreIntoPostgres(file: string, target: Required<RestoreTarget>): Promise<Manifest> {
  const database = await openPostgres(target.databaseUrl);
  try {
    const existing = await tablesIn(database.db as unknown as AnyDb);
    if (existing > 0) {
      throw new RestoreRefusedError(
        `the database at DATABASE_URL already holds ${existing} tables, views or sequences: restore needs an empty database (createdb a new one)`,
      );
    }
    const { manifest, checksums } = await verifyBackup(file);
    checkUploadFolder(target.dataDir, manifest);
    const db = database.db as unknown as AnyDb;
    if (manifest.backend === 'postgres') await importLogicalBackup(db, file, manifest, checksums);
    else await importPGliteBackup(db, file, checksums, manifest, target.dataDir);
    try {
      await writeFiles(file, checksums, manifest, target.dataDir);
    } catch (err) {
      rmSync(join(target.dataDir, 'upload'), { recursive: true, force: true });
      throw err;
    }
    return manifest;
  } finally {
    await database.close();
  }
}

/**
 * Restores a backup file into an empty target: DATA_DIR/pglite, or the PostgreSQL database of DATABASE_URL.
 * The target is checked first, then the whole file; a damaged file or a non-empty target changes nothing.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const manifest = target.databaseUrl
    ? await restoreIntoPostgres(file, { dataDir: target.dataDir, databaseUrl: target.databaseUrl })
    : await restoreIntoPGlite(file, target.dataDir);
  return {
    from: manifest.backend,
    to: target.databaseUrl ? 'postgres' : 'pglite',
    createdAt: manifest.createdAt,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
    files: manifest.files.length,
  };
}
