import { useCallback, useEffect, useState } from 'react';
import { listOf } from '@renderer/index';
import { attempt, request } from '../../../../api/request';
import type { DepartNode } from './model';

/** The department tree from `url`, with keyword search through `/sys/sysDepart/searchBy`. */
export function useDepartTree(url: string, searchParams: Record<string, string> = {}) {
  const [tree, setTree] = useState<DepartNode[]>([]);
  const [loading, setLoading] = useState(false);
  const searchKey = JSON.stringify(searchParams);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const reply = await attempt(() => request.get<DepartNode[]>(url));
      if (reply) setTree(listOf<DepartNode>(reply));
    } finally {
      setLoading(false);
    }
  }, [url]);

  useEffect(() => void load(), [load]);

  const search = useCallback(
    async (keyWord: string) => {
      if (!keyWord.trim()) return load();
      const params = { keyWord, ...(JSON.parse(searchKey) as Record<string, string>) };
      const reply = await attempt(() => request.get<DepartNode[]>('/sys/sysDepart/searchBy', params));
      if (reply) setTree(listOf<DepartNode>(reply));
    },
    [load, searchKey],
  );

  return { tree, loading, reload: load, search };
}
