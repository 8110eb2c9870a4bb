import type { QueryParams } from '../context';
import type { Notifier } from './notify';
import { RequestError, type DataProvider } from './provider';

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
 * Downloads through the data provider (so the X-Access-Token header goes along, which a plain link
 * cannot send) and saves the blob; a refusal says its message (文件下载失败 for an empty answer), any
 * other failure 文件下载失败.
 */
export async function downloadThroughProvider(
  data: DataProvider,
  notify: Notifier,
  url: string,
  fileName: (serverName: string | undefined) => string,
  options: { params?: QueryParams; save?: SaveFile } = {},
): Promise<boolean> {
  try {
    const { blob, fileName: serverName } = await data.export(url, options.params);
    (options.save ?? saveWithAnchor)(blob, fileName(serverName));
    return true;
  } catch (error) {
    notify.warning(error instanceof RequestError ? error.message : DOWNLOAD_FAILED);
    return false;
  }
}
