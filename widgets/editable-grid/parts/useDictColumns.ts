import { useEffect, useMemo, useState } from 'react';
import type { RendererHttp } from '@renderer/context';
import type { GridColumn, GridOption } from '../types';

const dictCache = new Map<string, Promise<GridOption[]>>();

function loadDictItems(http: RendererHttp, code: string): Promise<GridOption[]> {
  let p = dictCache.get(code);
  if (!p) {
    p = http
      .get<GridOption[]>(`/sys/dict/getDictItems/${code}`)
      .then((res) => (res.success && Array.isArray(res.result) ? res.result : []))
      .catch(() => {
        dictCache.delete(code);
        return [];
      });
    dictCache.set(code, p);
  }
  return p;
}

/** Merge options, the later list adding only values the earlier lacks. */
export function mergeOptions(own: readonly GridOption[] | undefined, extra: readonly GridOption[]): GridOption[] {
  const out = [...(own ?? [])];
  const seen = new Set(out.map((o) => String(o.value)));
  for (const o of extra) {
    if (seen.has(String(o.value))) continue;
    out.push(o);
    seen.add(String(o.value));
  }
  return out;
}

const DICT_TYPES_SKIPPED = new Set(['select-dict-search', 'sel_search_async']);

/** Columns with a dictCode get the dictionary's items appended to their options once loaded. */
export function useDictColumns(columns: GridColumn[], http: RendererHttp | undefined): GridColumn[] {
  const [items, setItems] = useState<Record<string, GridOption[]>>({});
  const codes = useMemo(
    () => [...new Set(columns.filter((c) => c.dictCode && !DICT_TYPES_SKIPPED.has(c.type ?? '')).map((c) => c.dictCode as string))],
    [columns],
  );
  useEffect(() => {
    if (!http) return;
    let live = true;
    for (const code of codes) {
      if (items[code]) continue;
      loadDictItems(http, code).then((list) => live && setItems((s) => ({ ...s, [code]: list })));
    }
    return () => {
      live = false;
    };
    // items only grows; re-running for it would re-request nothing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, codes]);
  return useMemo(
    () => columns.map((c) => (c.dictCode && items[c.dictCode] ? { ...c, options: mergeOptions(c.options, items[c.dictCode]) } : c)),
    [columns, items],
  );
}
