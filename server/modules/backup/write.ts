import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/open';
import type { Db } from '../../db/types';
import { PROJECT_ROOT } from '../../paths';
import {
  FILES_PREFIX,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  PGDATA_PREFIX,
  ROWS_PREFIX,
  SCHEMA_MEMBER,
  type FileEntry,
  type Manifest,
  type MemberEntry,
  type TableEntry,
} from './manifest';
import { copyPGdata } from './pgdata';
import { countRows, exportRows } from './rows';
import { readSchema, unsupportedObjects } from './schema';
import { TarWriter } from './tar';

/** What a backup reads: the database (and, for PGlite, its dump) and DATA_DIR for the uploaded files of earlier versions. */
export interface BackupSource {
  db: Db;
  kind: DatabaseKind;
  /** DATA_DIR: PGlite's files are in DATA_DIR/pglite, files of earlier versions in DATA_DIR/upload */
  dataDir: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  createdAt: string;
  tables: number;
  rows: number;
  files: number;
}

export const BACKUP_PREFIX = 'xypj-backup';

export class UnsupportedDatabaseError extends Error {}

function stamp(d: Date): string {
  const iso = d.toISOString(); // 2026-11-28T10:30:00.123Z
  return `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}-${iso.slice(20, 23)}`;
}

export function appVersion(): string {
  try {
    return String((JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version?: unknown }).version ?? '');
  } catch {
    return '';
  }
}

async function recordedMigrations(db: Kysely<unknown>): Promise<string[]> {
  const res = await sql<{ name: string }>`select name from sys_migration order by name`.execute(db);
  return res.rows.map((r) => r.name);
}

function filesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries.flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [])).sort();
}

const HASH_SLICE = 4 * 1024 * 1024;

/** SHA-256 in slices, letting the server answer other requests between them (table files reach 1 GB). */
async function sha256(body: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < body.length; at += HASH_SLICE) {
    hash.update(body.subarray(at, at + HASH_SLICE));
    if (at + HASH_SLICE < body.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return hash.digest('hex');
}

class ArchiveBuilder {
  readonly members: MemberEntry[] = [];
  constructor(private readonly tar: TarWriter) {}

  async add(name: string, body: Buffer): Promise<void> {
    this.members.push({ name, bytes: body.length, sha256: await sha256(body) });
    await this.tar.add(name, body);
  }
}

interface DatabaseCopy {
  tables: TableEntry[];
  migrations: string[];
  directories?: string[];
}

async function copyPGlite(source: BackupSource, archive: ArchiveBuilder, staging: string): Promise<DatabaseCopy> {
  // counts and files are taken while this connection is held: no other statement runs in between
  const { tables, migrations, copy } = await source.db.connection().execute(async (conn) => {
    const any = conn as unknown as Kysely<unknown>;
    const counted = await countRows(any);
    const names = await recordedMigrations(any);
    return { tables: counted, migrations: names, copy: await copyPGdata(any, join(source.dataDir, 'pglite'), staging) };
  });
  // compressed and checksummed after the connection is released, from the copy
  for (const path of copy.files) await archive.add(`${PGDATA_PREFIX}${path}`, readFileSync(join(staging, path)));
  return { tables, migrations, directories: copy.directories };
}

async function copyPostgres(source: BackupSource, archive: ArchiveBuilder): Promise<DatabaseCopy> {
  return source.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const any = trx as unknown as Kysely<unknown>;
      const unsupported = await unsupportedObjects(any);
      if (unsupported.length > 0) {
        throw new UnsupportedDatabaseError(
          `the database holds objects this backup does not copy (${unsupported.join(', ')}); back it up with pg_dump (docs/backup.md)`,
        );
      }
      await sql`set local bytea_output = 'hex'`.execute(trx);
      const schema = await readSchema(any);
      await archive.add(SCHEMA_MEMBER, Buffer.from(JSON.stringify(schema)));
      const tables: TableEntry[] = [];
      for (const [index, table] of schema.tables.entries()) {
        const members: string[] = [];
        const rows = await exportRows(any, table.name, async (chunk) => {
          const name = `${ROWS_PREFIX}${index}-${members.length}.jsonl`;
          members.push(name);
          await archive.add(name, chunk);
        });
        tables.push({ name: table.name, rows, members });
      }
      return { tables, migrations: await recordedMigrations(any) };
    });
}

/**
 * Writes one consistent, compressed copy of the database and of DATA_DIR/upload into `folder`:
 * <prefix>-<yyyyMMdd-HHmmss-SSS UTC>-<backend>.tar.gz, written under a .partial name and renamed when complete.
 */
export async function writeBackup(source: BackupSource, folder: string, prefix = BACKUP_PREFIX): Promise<BackupResult> {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const created = new Date();
  const file = join(folder, `${prefix}-${stamp(created)}-${source.kind}.tar.gz`);
  const partial = `${file}.partial`;
  const staging = `${file}.pgdata.partial`;
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  // an unwritable folder fails the writes below; this keeps the early rejection from counting as unhandled
  written.catch(() => undefined);
  const tar = new TarWriter(gzip);
  const archive = new ArchiveBuilder(tar);
  try {
    const { tables, migrations, directories } =
      source.kind === 'pglite' ? await copyPGlite(source, archive, staging) : await copyPostgres(source, archive);
    rmSync(staging, { recursive: true, force: true });
    const uploadRoot = join(source.dataDir, 'upload');
    const files: FileEntry[] = [];
    for (const path of filesUnder(uploadRoot)) {
      const member = `${FILES_PREFIX}${files.length}`;
      await archive.add(member, readFileSync(path));
      files.push({ path: relative(uploadRoot, path).split(sep).join('/'), member });
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      backend: source.kind,
      createdAt: created.toISOString(),
      appVersion: appVersion(),
      migrations,
      tables,
      ...(directories ? { directories } : {}),
      files,
      members: [...archive.members],
    };
    await tar.add(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 1)));
    await tar.finish();
    gzip.end();
    await written;
    renameSync(partial, file);
    return {
      file,
      bytes: statSync(file).size,
      createdAt: manifest.createdAt,
      tables: tables.length,
      rows: tables.reduce((n, t) => n + t.rows, 0),
      files: files.length,
    };
  } catch (err) {
    gzip.destroy();
    await written.catch(() => undefined);
    for (const leftover of [partial, staging]) {
      try {
        rmSync(leftover, { recursive: true, force: true });
      } catch {
        // the original error is the one to report
      }
    }
    throw err;
  }
}
