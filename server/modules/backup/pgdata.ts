import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { sql, type Kysely } from 'kysely';

/** A WAL segment's file name: timeline, log and segment numbers in hex. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export interface PGdataCopy {
  /** data-directory-relative paths (forward slashes) of the files copied */
  files: string[];
  /** every folder, empty ones included */
  directories: string[];
}

/**
 * Copies PGlite's data directory into `staging` as it stands after a CHECKPOINT. The caller holds the one database
 * connection, so no statement runs meanwhile: every committed change is in the table files, and the copy is what a
 * clean stop would leave. Only the WAL from the checkpoint's own segment on is kept (older segments are recycled
 * files recovery never reads); postmaster.pid is left out.
 */
export async function copyPGdata(conn: Kysely<unknown>, pgdata: string, staging: string): Promise<PGdataCopy> {
  await sql`checkpoint`.execute(conn);
  const wal = await sql<{ redo: string; current: string }>`select (select redo_wal_file from pg_control_checkpoint()) as redo,
    pg_walfile_name(pg_current_wal_insert_lsn()) as current`.execute(conn);
  const { redo, current } = wal.rows[0]!;
  const copy: PGdataCopy = { files: [], directories: [] };
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(pgdata, relative), { withFileTypes: true })) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        copy.directories.push(path);
        mkdirSync(join(staging, path), { recursive: true });
        walk(path);
      } else if (entry.isFile()) {
        if (path === 'postmaster.pid') continue;
        if (relative === 'pg_wal' && WAL_SEGMENT.test(entry.name) && (entry.name < redo || entry.name > current)) continue;
        mkdirSync(join(staging, relative), { recursive: true });
        copyFileSync(join(pgdata, path), join(staging, path));
        copy.files.push(path);
      }
    }
  };
  walk('');
  return copy;
}

/** Writes one file of a backed-up data directory under `pgdata`, refusing any path that would leave it. */
export function writePGdataFile(pgdata: string, relative: string, body: Buffer): void {
  const root = resolve(pgdata);
  const target = resolve(root, relative);
  if (!target.startsWith(root + sep)) throw new Error(`the path ${relative} leaves the data directory`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, body, { flag: 'wx', mode: 0o600 });
}

export function makePGdataDirectories(pgdata: string, directories: string[]): void {
  const root = resolve(pgdata);
  for (const d of directories) {
    const target = resolve(root, d);
    if (!target.startsWith(root + sep)) throw new Error(`the path ${d} leaves the data directory`);
    mkdirSync(target, { recursive: true, mode: 0o700 });
  }
}
