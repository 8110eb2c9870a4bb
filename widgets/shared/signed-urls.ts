import type { DataProvider } from '@renderer/data/provider';

/** One answer row of GET /sys/common/fileUrls. */
export interface SignedFileUrl {
  filePath: string;
  url: string;
  /** Epoch milliseconds after which the address stops working. */
  expireTime: number;
}

export const FILE_URLS_API = '/sys/common/fileUrls';
/** Ask again this long before an address expires, so a link clicked now still opens. */
const RENEW_MARGIN_MS = 60_000;
const MAX_PATHS_PER_REQUEST = 50;

/** Stored (relative) paths need a signed address; absolute, data: and blob: URLs do not. */
export function needsSignedUrl(path: string): boolean {
  return !!path && !/^(https?:|data:|blob:)/i.test(path) && !path.startsWith('/');
}

/**
 * Signed download addresses of stored files, kept until shortly before they expire. Private uploads
 * (the default `temp` folder) answer 401 without the token header, which <img>, links and new windows
 * cannot send; the signed address works without it for a few minutes.
 */
export class SignedUrlCache {
  private readonly known = new Map<string, SignedFileUrl>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The cached signed address, or undefined when missing or about to expire. */
  get(path: string): string | undefined {
    const entry = this.known.get(path);
    return entry && entry.expireTime - RENEW_MARGIN_MS > this.now() ? entry.url : undefined;
  }

  /** Fetches addresses for the paths without a fresh one; resolves once they are cached (failures leave them missing). */
  async load(data: DataProvider, paths: string[]): Promise<void> {
    const wanted = [...new Set(paths.filter(needsSignedUrl))].filter((path) => !this.get(path));
    const waiting = wanted.map((path) => this.pending.get(path)).filter((p): p is Promise<void> => !!p);
    const missing = wanted.filter((path) => !this.pending.has(path));
    for (let start = 0; start < missing.length; start += MAX_PATHS_PER_REQUEST) {
      const batch = missing.slice(start, start + MAX_PATHS_PER_REQUEST);
      const request = this.fetchBatch(data, batch).finally(() => batch.forEach((path) => this.pending.delete(path)));
      batch.forEach((path) => this.pending.set(path, request));
      waiting.push(request);
    }
    await Promise.all(waiting);
  }

  private async fetchBatch(data: DataProvider, paths: string[]): Promise<void> {
    try {
      for (const entry of await data.getTree<SignedFileUrl>(FILE_URLS_API, { paths: paths.join(',') }))
        this.known.set(entry.filePath, entry);
    } catch {
      /* refused or failed: the plain static address stays in use */
    }
  }
}

export const signedUrls = new SignedUrlCache();
