import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from '@src/api/request';
import { setFeedbackApi, type FeedbackApi } from '@src/feedback';
import { reported } from '@src/views/modules/online/cgform/parts/api';
import { queryValues, tableColumns, type Answer } from '@src/views/modules/online/cgreport/auto/reportRuntime';
import { fakeApi } from '../app/fakeApi';

let said: Array<[string, string]>;

beforeEach(() => {
  said = [];
  const record = (kind: string) => (text: string) => void said.push([kind, text]);
  setFeedbackApi({
    message: {
      success: record('success'),
      warning: record('warning'),
      error: record('error'),
      info: record('info'),
      loading: record('loading'),
    },
  } as unknown as FeedbackApi);
});

afterEach(() => setFeedbackApi());

describe('a write of the online designer', () => {
  it('shows the server sentence of a refusal once and resolves false', async () => {
    fakeApi({ '/online/cgform/head/delete': () => ({ data: { success: false, message: '表单正在使用，不能删除', code: 500 } }) });
    expect(await reported(() => request.delete('/online/cgform/head/delete', { id: '1' }))).toBe(false);
    expect(said).toEqual([['warning', '表单正在使用，不能删除']]);
  });

  it('shows the given success text, else the server message, and nothing for an empty text', async () => {
    fakeApi({ '/online/cgform/api/doDbSynch/': () => ({ data: { success: true, message: '同步数据库成功!', result: null } }) });
    expect(await reported(() => request.post('/online/cgform/api/doDbSynch/1/normal'))).toBe(true);
    expect(await reported(() => request.post('/online/cgform/api/doDbSynch/1/normal'), '添加成功，请同步数据库')).toBe(true);
    expect(await reported(() => request.post('/online/cgform/api/doDbSynch/1/normal'), '')).toBe(true);
    expect(said).toEqual([
      ['success', '同步数据库成功!'],
      ['success', '添加成功，请同步数据库'],
    ]);
  });
});

describe('the online report runtime', () => {
  it('sends ranges as _begin/_end, trims texts and passes parameters as self_<name>', () => {
    const values = { q_name: '  张 ', q_score_begin: '60', q_score_end: '', p_year: '2026' };
    const items = [
      { field: 'name', label: '名称', view: 'text', mode: 'single' as const },
      { field: 'score', label: '分数', view: 'text', mode: 'group' as const },
    ];
    expect(queryValues(values, items, [{ paramName: 'year' }])).toEqual({ name: '张', score_begin: '60', self_year: '2026' });
  });

  it('groups neighbouring columns of one group title under a shared header', () => {
    const answer = {
      columns: [
        { title: '名称', dataIndex: 'name' },
        { title: '上半年', dataIndex: 'h1', groupTitle: '产值' },
        { title: '下半年', dataIndex: 'h2', groupTitle: '产值' },
      ],
      isGroupTitle: true,
      dictOptions: {},
    } as unknown as Answer;
    const columns = tableColumns(answer, {});
    expect(columns.map((c) => c.title)).toEqual(['名称', '产值']);
    expect((columns[1] as { children: Array<{ title: string }> }).children.map((c) => c.title)).toEqual(['上半年', '下半年']);
  });
});
