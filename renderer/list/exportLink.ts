import type { QueryParams, RendererHttp } from '../context';
import { DOWNLOAD_FAILED } from '../data/download';
import type { Notifier } from '../data/notify';

/** `{export url}/link` answers a short-lived signed address of the export for these parameters. */
export const exportLinkUrl = (exportUrl: string) => `${exportUrl.replace(/\/+$/, '')}/link`;

export function navigateTo(url: string): void {
  window.location.assign(url);
}

/**
 * Alternative export: navigation to `{export url}?paramsStr=…`. A navigation cannot send the
 * token header, so the server first signs the address (tied to this session, valid for a minute);
 * the token never goes into the URL.
 */
export async function exportByNavigation(
  http: RendererHttp,
  notify: Notifier,
  exportUrl: string,
  params: QueryParams,
  navigate: (url: string) => void,
): Promise<void> {
  try {
    const res = await http.get<{ url?: string }>(exportLinkUrl(exportUrl), { paramsStr: JSON.stringify(params) });
    const url = res.success ? res.result?.url : undefined;
    if (!url) {
      notify.warning(res.message || DOWNLOAD_FAILED);
      return;
    }
    navigate(url);
  } catch {
    notify.warning(DOWNLOAD_FAILED);
  }
}
