import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notifier } from '../data/notify';
import type { Page } from '../data/provider';
import { showRequestError } from '../data/requestError';

/** What one page request depends on: the query of the caller's shape, the page and its size. */
export interface PagedQuery<Q> {
  query: Q;
  pageNo: number;
  pageSize: number;
}

export interface PagedListOptions<Q, T> {
  initialQuery: Q | (() => Q);
  pageSize: number;
  /**
   * One page for this state (through the data provider); resolving undefined keeps the rows shown
   * (the loader has told the user why). A new `load` function loads again, so callers memoize it.
   */
  load: ((state: PagedQuery<Q>) => Promise<Page<T> | undefined>) | undefined;
  notify: Notifier;
}

/**
 * The list state every paginated table shares (list pages, pickers, report dialogs): query, page,
 * rows, total and loading. A failed load is shown once, in the renderer's one place; an answer
 * overtaken by a newer request is dropped.
 */
export function usePagedList<Q, T>({ initialQuery, pageSize: initialSize, load, notify }: PagedListOptions<Q, T>) {
  const [query, setQuery] = useState<Q>(initialQuery);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [reloadTick, setReloadTick] = useState(0);
  const notifyRef = useRef(notify);
  notifyRef.current = notify;

  const requestId = useRef(0);
  useEffect(() => {
    if (!load) return;
    const id = ++requestId.current;
    setLoading(true);
    load({ query, pageNo, pageSize })
      .then((page) => {
        if (id !== requestId.current || !page) return;
        setRows(page.records);
        setTotal(page.total);
      })
      .catch((error: unknown) => {
        if (id === requestId.current) showRequestError(notifyRef.current, error);
      })
      .finally(() => {
        if (id === requestId.current) setLoading(false);
      });
  }, [load, query, pageNo, pageSize, reloadTick]);

  const reload = useCallback(() => setReloadTick((tick) => tick + 1), []);

  /** A new query from the first page, fetched even when it equals the current one. */
  const search = useCallback(
    (next: Q | ((current: Q) => Q)) => {
      setQuery(next);
      setPageNo(1);
      reload();
    },
    [reload],
  );

  /** The pager's change: a new page size starts again from the first page. */
  const changePage = useCallback(
    (page: number, size: number) => {
      setPageNo(size !== pageSize ? 1 : page);
      setPageSize(size);
    },
    [pageSize],
  );

  return { query, pageNo, pageSize, rows, total, loading, setQuery, search, setPageNo, changePage, reload };
}

export type PagedList<Q, T> = ReturnType<typeof usePagedList<Q, T>>;
