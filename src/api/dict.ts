import { dictCacheAtom, saveDictCache } from '../state/session';
import { appStore } from '../state/store';
import type { DictItem } from '../types';
import { getAction } from './http';

/**
 * Items of a dictionary code: from the local cache (filled at login and by 清理缓存,
 * kept 7 days), else `GET /sys/dict/getDictItems/{code}`, which is then cached too.
 */
export async function loadDictItems(code: string): Promise<DictItem[]> {
  if (!code) throw new Error('字典Code不能为空!');
  const cached = appStore.get(dictCacheAtom)[code];
  if (cached) return cached;
  const res = await getAction<DictItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`);
  if (!res.success || !Array.isArray(res.result)) return [];
  saveDictCache({ ...appStore.get(dictCacheAtom), [code]: res.result });
  return res.result;
}
