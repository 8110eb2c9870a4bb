import type { QueryParams, RendererHttp } from '../context';
import type { Notifier } from './notify';

export type SaveFile = (blob: Blob, fileName: string) => void;

/** Hands a blob to the browser's download through a temporary <a download>. */
export function saveWithAnchor(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(url);
}

export const DOWNLOAD_FAILED = '文件下载失败';

function readText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/**
 * A business failure arrives as HTTP 200 with a JSON envelope instead of the file: its message
 * (or 文件下载失败) when `success` is false, undefined when the blob is a file to save.
 */
export async function blobFailure(blob: Blob): Promise<string | undefined> {
  if (!/json/i.test(blob.type)) return undefined;
  let envelope: unknown;
  try {
    envelope = JSON.parse(await readText(blob));
  } catch {
    return undefined;
  }
  if (!envelope || typeof envelope !== 'object' || (envelope as { success?: unknown }).success !== false) return undefined;
  const message = (envelope as { message?: unknown }).message;
  return typeof message === 'string' && message ? message : DOWNLOAD_FAILED;
}

/**
 * Downloads through the app's HTTP client (so the X-Access-Token header goes along, which a plain
 * link cannot send) and saves the blob; an empty answer or an error says 文件下载失败, a JSON
 * failure envelope its message.
 */
export async function downloadThroughHttp(
  http: RendererHttp,
  notify: Notifier,
  url: string,
  fileName: (serverName: string | undefined) => string,
  options: { params?: QueryParams; save?: SaveFile } = {},
): Promise<boolean> {
  try {
    const { blob, fileName: serverName } = await http.download(url, options.params);
    if (!blob || blob.size === 0) {
      notify.warning(DOWNLOAD_FAILED);
      return false;
    }
    const failure = await blobFailure(blob);
    if (failure) {
      notify.warning(failure);
      return false;
    }
    (options.save ?? saveWithAnchor)(blob, fileName(serverName));
    return true;
  } catch {
    notify.warning(DOWNLOAD_FAILED);
    return false;
  }
}
