import { useEffect, useMemo, useState } from 'react';
import { loadDictItems, type DataProvider } from '@renderer/index';
import type { GridColumn, GridOption } from '../types';

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
export function useDictColumns(columns: GridColumn[], data: DataProvider | undefined): GridColumn[] {
  const [items, setItems] = useState<Record<string, GridOption[]>>({});
  const codes = useMemo(
    () => [...new Set(columns.filter((c) => c.dictCode && !DICT_TYPES_SKIPPED.has(c.type ?? '')).map((c) => c.dictCode as string))],
    [columns],
  );
  useEffect(() => {
    if (!data) return;
    let live = true;
    for (const code of codes) {
      if (items[code]) continue;
      loadDictItems(data, code).then(
        (list) => live && setItems((s) => ({ ...s, [code]: list })),
        () => live && setItems((s) => ({ ...s, [code]: [] })),
      );
    }
    return () => {
      live = false;
    };
    // items only grows; re-running for it would re-request nothing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, codes]);
  return useMemo(
    () => columns.map((c) => (c.dictCode && items[c.dictCode] ? { ...c, options: mergeOptions(c.options, items[c.dictCode]) } : c)),
    [columns, items],
  );
}
