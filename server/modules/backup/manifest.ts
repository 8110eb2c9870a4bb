import type { DatabaseKind } from '../../db/open';

export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'xypj-backup';
export const FORMAT_VERSION = 1;
/** PGlite backups: each file of the data directory, copied after a checkpoint while no statement runs */
export const PGDATA_PREFIX = 'database/pgdata/';
/** a data directory always has this file; a PGlite backup without it is refused */
export const PGDATA_VERSION_MEMBER = `${PGDATA_PREFIX}PG_VERSION`;
/** PostgreSQL backups: tables, constraints, indexes, views and sequences (schema.ts) */
export const SCHEMA_MEMBER = 'database/schema.json';
export const ROWS_PREFIX = 'database/rows/';
export const FILES_PREFIX = 'files/';

export interface MemberEntry {
  name: string;
  bytes: number;
  sha256: string;
}

export interface TableEntry {
  name: string;
  rows: number;
  /** PostgreSQL backups: the members holding its rows (JSON lines, row_to_json), in order */
  members?: string[];
}

export interface FileEntry {
  /** path under DATA_DIR/upload, with forward slashes */
  path: string;
  member: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  backend: DatabaseKind;
  createdAt: string;
  appVersion: string;
  /** migrations recorded in the database when it was copied */
  migrations: string[];
  tables: TableEntry[];
  /** PGlite backups: every folder of the data directory (PostgreSQL needs the empty ones too) */
  directories?: string[];
  files: FileEntry[];
  /** every other member of the archive with its size and SHA-256 */
  members: MemberEntry[];
}

export class BackupFileError extends Error {}

const isString = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** member names are written by the backup itself: plain relative paths, nothing that climbs out of a folder */
const SAFE_MEMBER = /^(?:[A-Za-z0-9_.-]+\/)*[A-Za-z0-9_.-]+$/;
const isMemberName = (v: unknown): v is string => isString(v) && SAFE_MEMBER.test(v) && !v.split('/').includes('..');
const SAFE_FILE_PATH = /^(?:[^/\\\0]+\/)*[^/\\\0]+$/;
const isFilePath = (v: unknown): v is string =>
  isString(v) && SAFE_FILE_PATH.test(v) && !v.split('/').some((part) => part === '..' || part === '.');

function fail(what: string): never {
  throw new BackupFileError(`the backup's manifest is not valid (${what})`);
}

/** Parses and checks manifest.json; any doubt refuses the file before anything is touched. */
export function parseManifest(body: Buffer): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(body.toString('utf8'));
  } catch {
    fail('not JSON');
  }
  if (!isRecord(raw) || raw.format !== FORMAT) fail('not a backup of this application');
  if (raw.formatVersion !== FORMAT_VERSION) {
    throw new BackupFileError(`the backup has format version ${String(raw.formatVersion)}; this version reads ${FORMAT_VERSION}`);
  }
  if (raw.backend !== 'pglite' && raw.backend !== 'postgres') fail('backend');
  if (!isString(raw.createdAt) || Number.isNaN(Date.parse(raw.createdAt))) fail('createdAt');
  if (!isString(raw.appVersion)) fail('appVersion');
  if (!Array.isArray(raw.migrations) || !raw.migrations.every(isString)) fail('migrations');
  if (!Array.isArray(raw.members)) fail('members');
  for (const m of raw.members) {
    if (!isRecord(m) || !isMemberName(m.name) || !isCount(m.bytes) || !isString(m.sha256) || !/^[0-9a-f]{64}$/.test(m.sha256))
      fail('members');
  }
  if (!Array.isArray(raw.tables)) fail('tables');
  for (const t of raw.tables) {
    if (!isRecord(t) || !isString(t.name) || !isCount(t.rows)) fail('tables');
    if (t.members !== undefined && !(Array.isArray(t.members) && t.members.every(isMemberName))) fail('tables');
  }
  if (raw.directories !== undefined && !(Array.isArray(raw.directories) && raw.directories.every(isFilePath))) fail('directories');
  if (!Array.isArray(raw.files)) fail('files');
  for (const f of raw.files) {
    if (!isRecord(f) || !isFilePath(f.path) || !isMemberName(f.member)) fail('files');
  }
  const manifest = raw as unknown as Manifest;
  const listed = new Set(manifest.members.map((m) => m.name));
  const required =
    manifest.backend === 'pglite' ? [PGDATA_VERSION_MEMBER] : [SCHEMA_MEMBER, ...manifest.tables.flatMap((t) => t.members ?? [])];
  for (const name of [...required, ...manifest.files.map((f) => f.member)]) if (!listed.has(name)) fail(`member ${name} is not listed`);
  return manifest;
}
