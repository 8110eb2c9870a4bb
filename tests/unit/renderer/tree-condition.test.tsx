import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SchemaPage } from '@renderer/index';
import type { ListPage } from '@contract/schema-types.gen';
import { clearDictCache } from '@renderer/data/dict';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

const schema: ListPage = {
  $schema: '../_meta/page.schema.json',
  kind: 'list',
  title: '分类',
  variant: 'treeTable',
  url: { list: '/cat/rootList', childList: '/cat/childList' },
  tree: { parentKey: 'pid', hasChildrenField: 'hasChild', condition: { status: '1', level: 2 } },
  columns: [{ dataIndex: 'name', title: '名称' }],
};

describe('tree table condition', () => {
  it('sends the schema condition as JSON with the roots and with each child load', async () => {
    const s = fakeHttp({
      'GET /cat/rootList': () => ok({ records: [{ id: 'r1', name: '根一', hasChild: true }], total: 1 }),
      'GET /cat/childList': () => ok([{ id: 'c1', name: '子一', pid: 'r1' }]),
    });
    renderWith(<SchemaPage schema={schema} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('根一');
    expect(JSON.parse(String(s.last('get', '/cat/rootList')?.params?.condition))).toEqual({ status: '1', level: 2 });
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('子一')).toBeTruthy();
    const child = s.last('get', '/cat/childList')?.params;
    expect(child).toMatchObject({ pid: 'r1' });
    expect(JSON.parse(String(child?.condition))).toEqual({ status: '1', level: 2 });
  });

  it('sends no condition when the schema has none', async () => {
    const s = fakeHttp({ 'GET /cat/rootList': () => ok([{ id: 'r1', name: '根一' }]) });
    renderWith(<SchemaPage schema={{ ...schema, tree: { parentKey: 'pid' } }} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('根一');
    await waitFor(() => expect(s.last('get', '/cat/rootList')?.params).not.toHaveProperty('condition'));
  });
});
