import type { CustomActionContext } from '@renderer/index';
import { clearDictCache } from '@renderer/data/dict';

/** Where the app keeps login's sysAllDictItems (vue-ls layout `{ value, expire }`), read by the dict widgets. */
const ALL_DICTS_KEY = 'pro__UI_CACHE_DB_DICT_DATA';

async function reloadAllDicts(context: CustomActionContext): Promise<void> {
  clearDictCache();
  const res = await context.services.http.get<Record<string, unknown>>('/sys/dict/queryAllDictItems');
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

/**
 * 刷新缓存 of 字典管理: the server drops its dictionary cache, then every dictionary is fetched again and
 * the per-code caches are dropped, so selects opened next show the change without reloading the app.
 */
export async function refreshDictCache(context: CustomActionContext): Promise<boolean> {
  const { notify } = context;
  try {
    const res = await context.services.http.get('/sys/dict/refleshCache');
    if (!res.success) {
      notify.warning('刷新缓存失败！');
      return false;
    }
    await reloadAllDicts(context);
    notify.success('刷新缓存完成！');
    return true;
  } catch {
    notify.warning('刷新缓存失败！');
    return false;
  }
}
