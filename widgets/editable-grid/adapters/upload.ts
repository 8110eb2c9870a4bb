import type { RendererServices } from '@renderer/context';
import { checkUploadFile as checkWidgetUpload, UPLOAD_URL } from '@widgets/upload/upload-rules';
import { fileAccessUrl } from '@widgets/shared/files';
import type { GridColumn } from '../types';

export const FILE_COLUMN_ACCEPT = '.pdf,.jpg,.png';

export interface UploadState {
  status: 'uploading' | 'done' | 'error';
  percent: number;
  message?: string;
  name?: string;
}

/** Refusal message for a file the column does not accept, or null. */
export function checkUploadFile(file: File, column: GridColumn): string | null {
  if (column.type === 'image') return checkWidgetUpload(file, 'image');
  if (column.type === 'file') return checkWidgetUpload(file, 'file', (column.props?.accept as string | undefined) ?? FILE_COLUMN_ACCEPT);
  return null;
}

/** URL a stored path is downloaded or previewed from. */
export function fileUrl(services: Pick<RendererServices, 'apiBase'>, path: string): string {
  return fileAccessUrl(services.apiBase, path);
}

/** Upload one file for a cell (isup=1). Resolves the stored path; rejects with the message to show. */
export async function uploadCellFile(
  services: RendererServices,
  column: GridColumn,
  file: File,
  onProgress: (percent: number) => void,
): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('isup', '1');
  const url = column.action ?? UPLOAD_URL;
  let res;
  try {
    res = await services.http.upload<unknown>(url, form, onProgress);
  } catch (e) {
    throw new Error(e instanceof Error && e.message ? e.message : '上传失败');
  }
  if (!res.success) throw new Error(res.message || '未知错误');
  const name = column.responseName ?? 'message';
  const body = res as unknown as Record<string, unknown>;
  const path = body[name] ?? (res.result as Record<string, unknown> | undefined)?.[name] ?? res.message;
  return String(path ?? '');
}

/** File names shortened to `max` characters plus an ellipsis. */
export function shortName(name: string, max = 5): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
