import { useCallback, useEffect, useState } from 'react';
import { useRenderer } from '@renderer/context';
import { needsSignedUrl, signedUrls } from './signed-urls';

/** Signed addresses last 10 minutes; renew while the page stays open. */
const RENEW_EVERY_MS = 8 * 60_000;

/**
 * Returns `urlOf(path)`: the signed address of a stored file once known (works in <img>, links and new
 * windows without the token header), the plain static address until then.
 */
export function useFileUrls(paths: string[]): (path: string) => string {
  const { data } = useRenderer();
  const [, setLoaded] = useState(0);
  const key = paths.filter(needsSignedUrl).join(',');

  useEffect(() => {
    if (!key) return;
    let alive = true;
    const refresh = () =>
      signedUrls.load(data, key.split(',')).then(() => {
        if (alive) setLoaded((n) => n + 1);
      });
    void refresh();
    const timer = setInterval(() => void refresh(), RENEW_EVERY_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [data, key]);

  return useCallback((path: string) => signedUrls.get(path) ?? data.fileUrl(path), [data]);
}
