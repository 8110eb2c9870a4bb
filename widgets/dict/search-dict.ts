import { normalizeDictItems, type DataProvider, type DictItem } from '@renderer/data/provider';
import { unlessRefused } from '@renderer/data/requestError';

export const SEARCH_DEBOUNCE_MS = 800;
export const SEARCH_PAGE_SIZE = 10;

/** A 4-part table dictionary (table,text,code,condition) is cut to 3 parts for label lookups. */
export function labelDictCode(dict: string): string {
  const parts = dict.split(',');
  return parts.length > 3 ? parts.slice(0, 3).join(',') : dict;
}

/** GET /sys/dict/loadDict/{dict}?keyword&pageSize; throws with the server message on failure. */
export async function searchDict(data: DataProvider, dict: string, keyword: string, pageSize = SEARCH_PAGE_SIZE): Promise<DictItem[]> {
  return normalizeDictItems(await data.getOne<unknown>(`/sys/dict/loadDict/${encodeURIComponent(dict)}`, { keyword, pageSize }));
}

/** Labels of stored keys: GET /sys/dict/loadDictItem/{dict}?key=a,b → texts in key order. */
export async function loadDictLabels(data: DataProvider, dict: string, key: string): Promise<string[]> {
  const labels = await unlessRefused(
    data.getTree<unknown>(`/sys/dict/loadDictItem/${encodeURIComponent(labelDictCode(dict))}`, { key }),
    [],
  );
  return labels.map(String);
}
