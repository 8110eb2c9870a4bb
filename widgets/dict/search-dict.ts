import type { RendererHttp } from '@renderer/context';
import { listOf, normalizeDictItems, type DictItem } from '@renderer/index';

export const SEARCH_DEBOUNCE_MS = 800;
export const SEARCH_PAGE_SIZE = 10;

/** A 4-part table dictionary (table,text,code,condition) is cut to 3 parts for label lookups. */
export function labelDictCode(dict: string): string {
  const parts = dict.split(',');
  return parts.length > 3 ? parts.slice(0, 3).join(',') : dict;
}

/** GET /sys/dict/loadDict/{dict}?keyword&pageSize; throws with the server message on failure. */
export async function searchDict(http: RendererHttp, dict: string, keyword: string, pageSize = SEARCH_PAGE_SIZE): Promise<DictItem[]> {
  const res = await http.get<unknown>(`/sys/dict/loadDict/${encodeURIComponent(dict)}`, { keyword, pageSize });
  if (!res.success) throw new Error(res.message || '查询失败');
  return normalizeDictItems(res.result);
}

/** Labels of stored keys: GET /sys/dict/loadDictItem/{dict}?key=a,b → texts in key order. */
export async function loadDictLabels(http: RendererHttp, dict: string, key: string): Promise<string[]> {
  const res = await http.get<unknown>(`/sys/dict/loadDictItem/${encodeURIComponent(labelDictCode(dict))}`, { key });
  if (!res.success) return [];
  return listOf(res.result).map(String);
}
