import { fileNameOf } from '../shared/files';

export const DEFAULT_ACCEPT = '.pdf,.jpg,.png,.jpeg';
export const UPLOAD_URL = '/sys/common/upload';

export type UploadFileType = 'all' | 'file' | 'image';
export type UploadStatus = 'uploading' | 'done' | 'error' | 'removed';

/** One entry of the upload list. */
export interface UploadItem {
  uid: string;
  name: string;
  type?: string;
  size?: number;
  status: UploadStatus;
  percent?: number;
  /** Stored path returned by the server. */
  path?: string;
  url?: string;
  message?: string;
}

/** Uploaded file record emitted when `returnUrl` is false. */
export interface FileRecord {
  fileName: string;
  filePath: string;
  fileSize?: number;
}

export type UploadValue = string | FileRecord[];

/** Why a file is refused before upload, or null when it may go. */
export function checkUploadFile(
  file: { name: string; type?: string },
  fileType: UploadFileType,
  accept: string = DEFAULT_ACCEPT,
): string | null {
  if (fileType === 'image') {
    return file.type && file.type.includes('image') ? null : '请上传图片';
  }
  const allowed = accept
    .split(',')
    .map((ext) => ext.trim().toLowerCase())
    .filter(Boolean);
  if (allowed.length === 0 || allowed.includes('*')) return null;
  const dot = file.name.lastIndexOf('.');
  const ext = dot >= 0 ? file.name.substring(dot).toLowerCase() : '';
  return allowed.includes(ext) ? null : `请上传${accept}格式的文件`;
}

/** The server's limit for one file (POST /sys/common/upload), in MB. */
export const DEFAULT_MAX_SIZE_MB = 10;

/** Why a file is too large to send, or null. */
export function checkUploadSize(file: { size?: number }, maxSizeMb: number = DEFAULT_MAX_SIZE_MB): string | null {
  return maxSizeMb > 0 && (file.size ?? 0) > maxSizeMb * 1024 * 1024 ? `文件大小不能超过${maxSizeMb}MB` : null;
}

/** The limits written beside the upload button: 支持PDF、JPG、PNG、JPEG格式，单个文件不超过10MB. */
export function uploadLimitText(
  fileType: UploadFileType,
  accept: string = DEFAULT_ACCEPT,
  maxSizeMb: number = DEFAULT_MAX_SIZE_MB,
): string {
  const size = maxSizeMb > 0 ? `单个文件不超过${maxSizeMb}MB` : '';
  const formats = accept
    .split(',')
    .map((ext) => ext.trim().replace(/^\./, '').toUpperCase())
    .filter((ext) => ext && ext !== '*');
  const kinds = fileType === 'image' ? '支持图片' : formats.length ? `支持${formats.join('、')}格式` : '';
  return [kinds, size].filter(Boolean).join('，');
}

/** What POST /sys/common/upload accepted: the stored path is in `message` (or a `path` field, or a text result). */
export interface UploadAnswer {
  message?: string;
  path?: string;
  result?: unknown;
}

/** Item state after the server accepted the file: done with its path. */
export function settleUpload(item: UploadItem, answer: UploadAnswer): UploadItem {
  const path = answer.path ?? (typeof answer.result === 'string' && answer.result ? answer.result : answer.message) ?? '';
  return { ...item, status: 'done', percent: 100, path, message: undefined };
}

/** Item state after a refused or failed upload: error with the server's message, else 未知错误. */
export function failedUpload(item: UploadItem, message: string | undefined): UploadItem {
  return { ...item, status: 'error', message: message || '未知错误' };
}

/** Keep only the last `limit` files (0 = unlimited). */
export function limitFiles<T>(items: T[], limit: number): T[] {
  return limit > 0 && items.length > limit ? items.slice(items.length - limit) : items;
}

let uidCounter = 0;
function nextUid(): string {
  uidCounter += 1;
  return `stored-${uidCounter}`;
}

/** Upload list for a stored value: comma-joined paths or file records. */
export function valueToItems(value: UploadValue | undefined | null): UploadItem[] {
  if (!value) return [];
  if (Array.isArray(value)) {
    return value
      .filter((record) => record && record.filePath)
      .map((record) => ({
        uid: nextUid(),
        name: record.fileName || fileNameOf(record.filePath),
        path: record.filePath,
        size: record.fileSize,
        status: 'done' as const,
      }));
  }
  return String(value)
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean)
    .map((path) => ({ uid: nextUid(), name: fileNameOf(path), path, status: 'done' as const }));
}

/** Value to emit, or undefined while any file is still uploading or failed. */
export function itemsToValue(items: UploadItem[], returnUrl: boolean): UploadValue | undefined {
  const live = items.filter((item) => item.status !== 'removed');
  if (live.some((item) => item.status !== 'done')) return undefined;
  if (returnUrl)
    return live
      .map((item) => item.path ?? '')
      .filter(Boolean)
      .join(',');
  return live.map((item) => ({ fileName: item.name, filePath: item.path ?? '', fileSize: item.size }));
}

export type MoveDirection = 'left' | 'right';

/** Swap an image with its neighbour; the message when the move is impossible. */
export function moveItem<T>(items: T[], index: number, direction: MoveDirection): { items: T[]; error?: string } {
  if (direction === 'left') {
    if (index <= 0) return { items, error: '未知的操作' };
    const next = [...items];
    [next[index - 1], next[index]] = [next[index], next[index - 1]];
    return { items: next };
  }
  if (index >= items.length - 1) return { items, error: '已到最后~' };
  const next = [...items];
  [next[index + 1], next[index]] = [next[index], next[index + 1]];
  return { items: next };
}

/** Value text for read-pretty and cells: the file names. */
export function uploadValueNames(value: UploadValue | undefined | null): string[] {
  return valueToItems(value).map((item) => item.name);
}
