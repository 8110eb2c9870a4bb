import { clearDictCache, type CustomActionContext } from '@renderer/index';
import { saveDictCache } from '../../../state/session';
import type { DictItem } from '../../../types';

async function reloadAllDicts(context: CustomActionContext): Promise<void> {
  clearDictCache();
  const res = await context.services.http.get<Record<string, DictItem[]>>('/sys/dict/queryAllDictItems');
  if (!res.success || !res.result) return;
  saveDictCache(res.result);
}

/**
 * 刷新缓存 of 字典管理: the server drops its dictionary cache, then every dictionary is fetched again and
 * replaces the one dictionary cache, so selects opened next show the change without reloading the app.
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
