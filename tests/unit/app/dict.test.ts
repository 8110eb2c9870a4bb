import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDictCache, loadDictItems } from '@renderer/index';
import { appDataProvider, rendererServices } from '@src/api/rendererServices';
import { refreshDictCache } from '@src/views/system/parts/refreshDictCache';
import type { Notifier } from '@renderer/index';
import { saveDictCache } from '@src/state/session';
import { fakeApi } from './fakeApi';

beforeEach(() => {
  localStorage.clear();
  clearDictCache();
});

afterEach(() => vi.useRealTimers());

const sexReply = () => ({
  data: {
    success: true,
    result: [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ],
  },
});

describe('dictionary items through the app', () => {
  it('fetches a code once, then answers from the 7-day local cache', async () => {
    const api = fakeApi({ '/sys/dict/getDictItems/sex': sexReply });
    expect(await loadDictItems(appDataProvider, 'sex')).toEqual([
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ]);
    expect(await loadDictItems(appDataProvider, 'sex')).toHaveLength(2);
    expect(api.calls).toHaveLength(1);
    const stored = JSON.parse(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA') ?? '{}');
    expect(stored.value.sex).toHaveLength(2);
    expect(stored.expire - Date.now()).toBeGreaterThan(604_800_000 - 60_000);
  });

  it('after 7 days the dictionary is asked again', async () => {
    const api = fakeApi({ '/sys/dict/getDictItems/sex': sexReply });
    await loadDictItems(appDataProvider, 'sex');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7 * 24 * 3600 * 1000 + 1000);
    await loadDictItems(appDataProvider, 'sex');
    expect(api.calls).toHaveLength(2);
  });

  it('uses the items that came with the login result', async () => {
    const api = fakeApi({});
    saveDictCache({ priority: [{ value: 'H', text: '紧急' }] });
    expect(await loadDictItems(appDataProvider, 'priority')).toEqual([{ value: 'H', text: '紧急' }]);
    expect(api.calls).toHaveLength(0);
  });

  it('a new set of dictionaries (刷新缓存, login) replaces what was cached before', async () => {
    fakeApi({ '/sys/dict/getDictItems/sex': sexReply });
    await loadDictItems(appDataProvider, 'sex');
    saveDictCache({ sex: [{ value: '1', text: '男性' }] });
    expect(await loadDictItems(appDataProvider, 'sex')).toEqual([{ value: '1', text: '男性' }]);
  });

  it('a failed request shows the server message and is asked again next time', async () => {
    let answer = { data: { success: false, message: '字典不存在', code: 500, result: null } } as { data: unknown };
    const api = fakeApi({ '/sys/dict/getDictItems/nope': () => answer });
    await expect(loadDictItems(appDataProvider, 'nope')).rejects.toThrow('字典不存在');
    answer = { data: { success: true, result: [{ value: 'a', text: 'A' }] } };
    expect(await loadDictItems(appDataProvider, 'nope')).toEqual([{ value: 'a', text: 'A' }]);
    expect(api.calls).toHaveLength(2);
  });

  it('刷新缓存 of 字典管理: after an administrator edits an item, the next use shows the new text', async () => {
    let sexText = '男';
    const api = fakeApi({
      '/sys/dict/getDictItems/sex': () => ({ data: { success: true, result: [{ value: '1', text: sexText }] } }),
      '/sys/dict/refleshCache': () => ({ data: { success: true, result: null } }),
      '/sys/dict/queryAllDictItems': () => ({ data: { success: true, result: { sex: [{ value: '1', text: sexText }] } } }),
    });
    expect(await loadDictItems(appDataProvider, 'sex')).toEqual([{ value: '1', text: '男' }]);
    sexText = '男性';
    expect(await loadDictItems(appDataProvider, 'sex')).toEqual([{ value: '1', text: '男' }]);
    const said: string[] = [];
    const notify = { success: (text: string) => said.push(text), warning: (text: string) => said.push(text) } as unknown as Notifier;
    const services = rendererServices(undefined);
    expect(await refreshDictCache({ services, notify, selection: [], query: {}, props: {}, reload: () => undefined })).toBe(true);
    expect(said).toEqual(['刷新缓存完成！']);
    expect(await loadDictItems(appDataProvider, 'sex')).toEqual([{ value: '1', text: '男性' }]);
    expect(api.calls.filter((c) => c.url.startsWith('/sys/dict/getDictItems/'))).toHaveLength(1);
  });

  it('refuses an empty code', async () => {
    await expect(loadDictItems(appDataProvider, '')).rejects.toThrow('字典Code不能为空!');
  });
});
