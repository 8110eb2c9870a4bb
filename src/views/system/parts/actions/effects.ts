import type { RendererHttp } from '@renderer/context';
import { clearDictCache } from '@renderer/data/dict';

/** Where the app keeps login's sysAllDictItems (vue-ls layout `{ value, expire }`), read by the dict widgets. */
const ALL_DICTS_KEY = 'pro__UI_CACHE_DB_DICT_DATA';

/** After 刷新缓存: fetch every dictionary again and drop the per-code caches, so selects opened next show the change. */
async function refreshDictCache(http: RendererHttp): Promise<void> {
  clearDictCache();
  const res = await http.get<Record<string, unknown>>('/sys/dict/queryAllDictItems');
  if (!res.success || !res.result) return;
  let expire: number | null = null;
  try {
    const stored = JSON.parse(localStorage.getItem(ALL_DICTS_KEY) ?? 'null') as { expire?: number | null } | null;
    expire = stored?.expire ?? null;
  } catch {
    // a broken entry is replaced
  }
  localStorage.setItem(ALL_DICTS_KEY, JSON.stringify({ value: res.result, expire }));
}

/** Client-side follow-ups an action may name in `effect`; run after its request succeeded. */
export const ACTION_EFFECTS: Record<string, (http: RendererHttp) => Promise<void>> = {
  refreshDictCache,
};
