import { useCallback, useEffect, useRef, useState } from 'react';
import { RequestError } from '@renderer/data/provider';
import { request } from '../../../../api/request';

export interface MonitorState<T> {
  data: T | undefined;
  /** the server's message when the last read failed */
  error: string | undefined;
  loading: boolean;
  /** when the figures were last read (epoch ms) */
  updatedAt: number | undefined;
  refresh: () => void;
}

/** Reads `url` now, on refresh() and, with `everyMs`, again and again while the page is open. */
export function useMonitor<T>(url: string, everyMs?: number, failure = '获取信息失败'): MonitorState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const [updatedAt, setUpdatedAt] = useState<number>();
  const alive = useRef(true);

  const refresh = useCallback(() => {
    setLoading(true);
    request
      .get<T>(url)
      .then(
        (figures) => {
          if (!alive.current) return;
          setData(figures);
          setError(undefined);
          setUpdatedAt(Date.now());
        },
        // the page shows why the figures are missing in place of them
        (refused: unknown) => alive.current && setError(refused instanceof RequestError ? refused.message : failure),
      )
      .finally(() => alive.current && setLoading(false));
  }, [url, failure]);

  useEffect(() => {
    alive.current = true;
    refresh();
    const timer = everyMs ? setInterval(refresh, everyMs) : undefined;
    return () => {
      alive.current = false;
      if (timer) clearInterval(timer);
    };
  }, [refresh, everyMs]);

  return { data, error, loading, updatedAt, refresh };
}
