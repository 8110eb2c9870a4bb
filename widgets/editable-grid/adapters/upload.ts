import type { ApiResult, RendererServices } from '@renderer/context';
import { doneOf, type Done } from '@renderer/data/provider';
import { checkUploadFile as checkWidgetUpload, checkUploadSize, uploadLimitText, UPLOAD_URL } from '@widgets/upload/upload-rules';
import type { GridColumn } from '../types';

export const FILE_COLUMN_ACCEPT = '.pdf,.jpg,.png';

export interface UploadState {
  status: 'uploading' | 'done' | 'error';
  percent: number;
  message?: string;
  name?: string;
}

/** Refusal message for a file the column does not accept (type, or more than the server's size limit), or null. */
export function checkUploadFile(file: File, column: GridColumn): string | null {
  if (column.type === 'image') return checkWidgetUpload(file, 'image') ?? checkUploadSize(file);
  if (column.type === 'file') return checkWidgetUpload(file, 'file', columnAccept(column)) ?? checkUploadSize(file);
  return checkUploadSize(file);
}

const columnAccept = (column: GridColumn) => (column.props?.accept as string | undefined) ?? FILE_COLUMN_ACCEPT;

/** What the column takes, for the upload button's tooltip (支持PDF、JPG、PNG格式，单个文件不超过10MB). */
export function uploadLimitTip(column: GridColumn): string {
  if (column.type === 'image') return uploadLimitText('image');
  return column.type === 'file' ? uploadLimitText('file', columnAccept(column)) : uploadLimitText('all', '*');
}

/** URL a stored path is downloaded or previewed from. */
export function fileUrl(services: Pick<RendererServices, 'data'>, path: string): string {
  return services.data.fileUrl(path);
}

/**
 * The column's token option: the app client adds X-Access-Token to every request, so `token: false`
 * posts with a bare XMLHttpRequest that carries no token (and no session handling: a refusal only
 * marks the cell). Unset counts as true because the server refuses anonymous uploads.
 */
export function sendsToken(column: GridColumn): boolean {
  return column.token !== false;
}

function postWithoutToken(
  apiBase: string,
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<ApiResult<unknown>> {
  const target = /^https?:\/\//i.test(url) ? url : `${apiBase.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target);
    xhr.upload.onprogress = (e) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0);
    xhr.onerror = () => reject(new Error('上传失败'));
    xhr.onload = () => {
      let body: Partial<ApiResult<unknown>> = {};
      try {
        body = JSON.parse(xhr.responseText) as Partial<ApiResult<unknown>>;
      } catch {
        /* not JSON: judged by the status below */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ApiResult<unknown>);
      else reject(new Error(body.message || '上传失败'));
    };
    xhr.send(form);
  });
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
  let done: Done<unknown>;
  try {
    if (!sendsToken(column))
      done = doneOf(await postWithoutToken(services.apiBase, column.action ?? UPLOAD_URL, form, onProgress), '未知错误');
    else done = await services.data.upload<unknown>(form, onProgress, column.action);
  } catch (e) {
    throw new Error(e instanceof Error && e.message ? e.message : '上传失败');
  }
  const name = column.responseName ?? 'message';
  const body = done as unknown as Record<string, unknown>;
  const path = body[name] ?? (done.result as Record<string, unknown> | undefined)?.[name] ?? done.message;
  return String(path ?? '');
}

/** File names shortened to `max` characters plus an ellipsis. */
export function shortName(name: string, max = 5): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
