import { beforeEach, describe, expect, it } from 'vitest';
import { loadDictItems } from '@src/api/dict';
import { saveDictCache } from '@src/state/session';
import { fakeApi } from './fakeApi';

beforeEach(() => {
  localStorage.clear();
  saveDictCache({});
});

describe('dictionary items', () => {
  it('fetches a code once, then answers from the 7-day local cache', async () => {
    const api = fakeApi({ '/sys/dict/getDictItems/sex': () => ({ data: { success: true, result: [{ value: '1', text: '男' }, { value: '2', text: '女' }] } }) });
    expect(await loadDictItems('sex')).toEqual([{ value: '1', text: '男' }, { value: '2', text: '女' }]);
    expect(await loadDictItems('sex')).toHaveLength(2);
    expect(api.calls).toHaveLength(1);
    const stored = JSON.parse(localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA') ?? '{}');
    expect(stored.value.sex).toHaveLength(2);
    expect(stored.expire - Date.now()).toBeGreaterThan(604_800_000 - 60_000);
  });

  it('uses the items that came with the login result', async () => {
    const api = fakeApi({});
    saveDictCache({ priority: [{ value: 'H', text: '紧急' }] });
    expect(await loadDictItems('priority')).toEqual([{ value: 'H', text: '紧急' }]);
    expect(api.calls).toHaveLength(0);
  });

  it('refuses an empty code', async () => {
    await expect(loadDictItems('')).rejects.toThrow('字典Code不能为空!');
  });
});
