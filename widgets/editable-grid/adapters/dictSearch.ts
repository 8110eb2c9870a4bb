import type { DataProvider } from '@renderer/data/provider';
import { loadDictLabels, searchDict as searchWidgetDict } from '@widgets/reuse';
import type { GridOption } from '../types';

/** Labels of dictionary values already looked up, per dictionary ("table,text,code"). */
const labelCache = new Map<string, Map<string, string>>();
const pending = new Map<string, Promise<string>>();

function remember(dict: string, value: string, label: string): void {
  const cache = labelCache.get(dict) ?? new Map<string, string>();
  labelCache.set(dict, cache);
  cache.set(value, label);
}

/** The widget library's dictionary search, remembering the labels it returned. */
export async function searchDict(data: DataProvider, dict: string, keyword: string): Promise<GridOption[]> {
  const list = await searchWidgetDict(data, dict, keyword);
  for (const o of list) remember(dict, o.value, o.text || o.value);
  return list.map((o) => ({ value: o.value, text: o.text, label: o.text, disabled: o.disabled }));
}

export function cachedDictLabel(dict: string, value: string): string | undefined {
  return labelCache.get(dict)?.get(value);
}

/** Label of one stored value (the widget library's loadDictItem lookup), cached in memory. */
export function loadDictLabel(data: DataProvider, dict: string, value: string): Promise<string> {
  const hit = cachedDictLabel(dict, value);
  if (hit !== undefined) return Promise.resolve(hit);
  const key = `${dict}\u0000${value}`;
  let p = pending.get(key);
  if (!p) {
    p = loadDictLabels(data, dict, value)
      .then((labels) => {
        const label = labels.join(',') || value;
        remember(dict, value, label);
        return label;
      })
      .finally(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}
