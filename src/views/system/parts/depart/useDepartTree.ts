import { useCallback, useEffect, useState } from 'react';
import { useRenderer } from '@renderer/context';
import { useNotifier } from '@renderer/data/useNotifier';
import type { DepartNode } from './model';
import { listOf } from '@renderer/index';

/** The department tree from `url`, with keyword search through `/sys/sysDepart/searchBy`. */
export function useDepartTree(url: string, searchParams: Record<string, string> = {}) {
  const services = useRenderer();
  const notify = useNotifier();
  const [tree, setTree] = useState<DepartNode[]>([]);
  const [loading, setLoading] = useState(false);
  const searchKey = JSON.stringify(searchParams);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await services.http.get<DepartNode[]>(url);
      if (res.success) setTree(listOf<DepartNode>(res.result));
      else notify.warning(res.message);
    } finally {
      setLoading(false);
    }
  }, [services.http, url, notify]);

  useEffect(() => void load(), [load]);

  const search = useCallback(
    async (keyWord: string) => {
      if (!keyWord.trim()) return load();
      const res = await services.http.get<DepartNode[]>('/sys/sysDepart/searchBy', {
        keyWord,
        ...(JSON.parse(searchKey) as Record<string, string>),
      });
      if (res.success) setTree(listOf<DepartNode>(res.result));
      else notify.warning(res.message);
    },
    [services.http, load, notify, searchKey],
  );

  return { tree, loading, reload: load, search };
}
