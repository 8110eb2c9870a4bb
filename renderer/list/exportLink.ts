import type { QueryParams } from '../context';
import { DOWNLOAD_FAILED } from '../data/download';
import type { Notifier } from '../data/notify';
import { RequestError, type DataProvider } from '../data/provider';

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
  data: DataProvider,
  notify: Notifier,
  exportUrl: string,
  params: QueryParams,
  navigate: (url: string) => void,
): Promise<void> {
  try {
    const link = await data.getOne<{ url?: string } | null>(exportLinkUrl(exportUrl), { paramsStr: JSON.stringify(params) });
    if (link?.url) navigate(link.url);
    else notify.warning(DOWNLOAD_FAILED);
  } catch (error) {
    notify.warning(error instanceof RequestError ? error.message : DOWNLOAD_FAILED);
  }
}
