import { clearDictCache, RequestError, type CustomActionContext } from '@renderer/index';
import { request } from '../../../api/request';
import { saveDictCache } from '../../../state/session';
import type { DictItem } from '../../../types';

async function reloadAllDicts(): Promise<void> {
  clearDictCache();
  try {
    const all = await request.get<Record<string, DictItem[]> | null>('/sys/dict/queryAllDictItems');
    if (all) saveDictCache(all);
  } catch (error) {
    // a refused full set is no failure: the cleared cache refills code by code as fields ask
    if (!(error instanceof RequestError)) throw error;
  }
}

/**
 * 刷新缓存 of 字典管理: the server drops its dictionary cache, then every dictionary is fetched again and
 * replaces the one dictionary cache, so selects opened next show the change without reloading the app.
 */
export async function refreshDictCache(context: CustomActionContext): Promise<boolean> {
  const { notify } = context;
  try {
    await request.get('/sys/dict/refleshCache');
    await reloadAllDicts();
    notify.success('刷新缓存完成！');
    return true;
  } catch {
    notify.warning('刷新缓存失败！');
    return false;
  }
}
