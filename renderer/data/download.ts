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

/**
 * Downloads through the app's HTTP client (so the X-Access-Token header goes along, which a plain
 * link cannot send) and saves the blob; an empty answer or an error says 文件下载失败.
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
    (options.save ?? saveWithAnchor)(blob, fileName(serverName));
    return true;
  } catch {
    notify.warning(DOWNLOAD_FAILED);
    return false;
  }
}
