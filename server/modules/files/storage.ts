import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Db } from '../../db/types';
import { newId } from '../../core/ids';
import { formatDay } from '../../core/time';
import type { FileType } from './file-types';

export interface SysUploadFileTable {
  id: string;
  /** "<biz>/<yyyyMMdd>/<stored name>": what the client stores and sends back */
  file_path: string;
  biz: string;
  day_folder: string;
  stored_name: string;
  /** the uploader's file name, for display and Content-Disposition */
  file_name: string;
  file_size: number;
  file_ext: string;
  content_type: string;
  uploader_id: string;
  create_by: string | null;
  create_time: Date;
}

/** The bytes of an upload (one row per sys_upload_file row, removed with it). */
export interface SysUploadContentTable {
  file_id: string;
  content: Uint8Array;
}

declare module '../../db/types' {
  interface Database {
    sys_upload_file: SysUploadFileTable;
    sys_upload_content: SysUploadContentTable;
  }
}

/**
 * Folders an upload may name in `biz`. Files of PUBLIC_IMAGE_FOLDERS that are images are served
 * without sign-in (avatars, rich-text and news images appear in <img> tags, which send no token
 * header); every other file needs the X-Access-Token header.
 */
export const BIZ_FOLDERS = ['temp', 'jeditor', 'user', 'news', 'notice', 'xypj', 'company', 'expert', 'certificate', 'oss'] as const;
export const PUBLIC_IMAGE_FOLDERS: ReadonlySet<string> = new Set(['user', 'jeditor', 'news']);
export const DEFAULT_BIZ = 'temp';
export const BIZ_REFUSED_MESSAGE = '上传目录bizPath，格式非法！';

export function isBizFolder(biz: string): boolean {
  return (BIZ_FOLDERS as readonly string[]).includes(biz);
}

/** The path a client may ask for: an allow-listed folder, a day folder and a generated name. */
const STORED_PATH = /^([a-z]{1,20})\/(\d{8})\/([A-Za-z0-9\u4e00-\u9fa5()（）_-]{1,80}_\d{13}[0-9a-f]{20}(?:\.[a-z]{2,5})?)$/;

export function isStoredPathShape(path: string): boolean {
  const m = STORED_PATH.exec(path);
  return !!m && isBizFolder(m[1]);
}

/** The uploader's name reduced to letters, digits, CJK and ()（）_- (as JeecgBoot stores uploads), at most 60 characters. */
export function safeBaseName(originalName: string): string {
  const last = originalName.split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const base = (dot > 0 ? last.slice(0, dot) : last).replace(/[^A-Za-z0-9\u4e00-\u9fa5()（）_-]/g, '');
  return base.slice(0, 60) || 'file';
}

/** Display name: the last path segment without control characters. */
export function displayName(originalName: string): string {
  const last = originalName.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean.slice(0, 200) || 'file';
}

/** `<base>_<millis><20 hex>.<ext>`: the random part keeps private files unguessable. */
export function generatedName(originalName: string, ext: string): string {
  return `${safeBaseName(originalName)}_${Date.now()}${randomBytes(10).toString('hex')}.${ext}`;
}

export function uploadRoot(dataDir: string): string {
  return resolve(dataDir, 'upload');
}

/** File-system location of a row stored on disk by an earlier version, built only from server-generated columns. */
export function locate(dataDir: string, row: Pick<SysUploadFileTable, 'biz' | 'day_folder' | 'stored_name'>): string | null {
  const root = uploadRoot(dataDir);
  const full = resolve(root, row.biz, row.day_folder, row.stored_name);
  return full.startsWith(root + sep) ? full : null;
}

export interface SaveUploadInput {
  biz: string;
  originalName: string;
  type: FileType;
  content: Buffer;
  uploader: { id: string; username: string };
}

/** Records the file and its bytes in the database (shared by every instance); returns the relative path. */
export async function saveUpload(db: Db, input: SaveUploadInput): Promise<string> {
  const now = new Date();
  const day = formatDay(now).replace(/-/g, '');
  const stored = generatedName(input.originalName, input.type.ext);
  const filePath = `${input.biz}/${day}/${stored}`;
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sys_upload_file')
      .values({
        id,
        file_path: filePath,
        biz: input.biz,
        day_folder: day,
        stored_name: stored,
        file_name: displayName(input.originalName),
        file_size: input.content.length,
        file_ext: input.type.ext,
        content_type: input.type.contentType,
        uploader_id: input.uploader.id,
        create_by: input.uploader.username,
        create_time: now,
      })
      .execute();
    await trx.insertInto('sys_upload_content').values({ file_id: id, content: input.content }).execute();
  });
  return filePath;
}

/** The bytes of a stored file: from the database, or from DATA_DIR/upload for files an earlier version kept there. */
export async function readUpload(
  db: Db,
  dataDir: string,
  row: Pick<SysUploadFileTable, 'id' | 'biz' | 'day_folder' | 'stored_name'>,
): Promise<Buffer | null> {
  const stored = await db.selectFrom('sys_upload_content').select('content').where('file_id', '=', row.id).executeTakeFirst();
  if (stored) return Buffer.from(stored.content.buffer, stored.content.byteOffset, stored.content.byteLength);
  const legacy = locate(dataDir, row);
  return legacy ? readFile(legacy).catch(() => null) : null;
}

export function findUpload(db: Db, filePath: string) {
  return db.selectFrom('sys_upload_file').selectAll().where('file_path', '=', filePath).executeTakeFirst();
}
