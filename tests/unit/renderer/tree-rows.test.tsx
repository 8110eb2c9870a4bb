import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SchemaPage } from '@renderer/index';
import type { ListPage } from '@contract/schema-types.gen';
import { clearDictCache } from '@renderer/data/dict';
import { hasChildrenFlag, withPlaceholders } from '@renderer/list/useTreeRows';
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
  tree: { parentKey: 'pid', hasChildrenField: 'hasChild', rootValue: '0' },
  columns: [{ dataIndex: 'name', title: '名称' }],
};

const expanders = () => document.querySelectorAll('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');

describe('tree table children flag', () => {
  it('reads only true, 1, "1" and "true" as having children', () => {
    expect([true, 1, '1', 'true'].map(hasChildrenFlag)).toEqual([true, true, true, true]);
    expect([false, 0, '0', 'false', '', null, undefined, 'N'].map(hasChildrenFlag)).toEqual(Array(8).fill(false));
    const rows = withPlaceholders(
      [
        { id: 'a', hasChild: '0' },
        { id: 'b', hasChild: '1' },
      ],
      'hasChild',
    );
    expect(rows[0].children).toBeUndefined();
    expect(rows[1].children).toEqual([]);
  });

  it("gives a '0' leaf no expander and a '1' parent one", async () => {
    const s = fakeHttp({
      'GET /cat/rootList': () =>
        ok({
          records: [
            { id: 'r1', name: '叶子', hasChild: '0' },
            { id: 'r2', name: '父节点', hasChild: '1' },
          ],
          total: 2,
        }),
    });
    renderWith(<SchemaPage schema={schema} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('叶子');
    expect(expanders().length).toBe(1);
  });
});

describe('tree table roots', () => {
  it('asks for the roots with the parent key set to the schema rootValue', async () => {
    const s = fakeHttp({ 'GET /cat/rootList': () => ok([{ id: 'r1', name: '根一' }]) });
    renderWith(<SchemaPage schema={schema} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('根一');
    expect(s.last('get', '/cat/rootList')?.params).toMatchObject({ pid: '0' });
  });

  it('sends no parent key when the schema sets no rootValue (whole-tree list endpoints)', async () => {
    const s = fakeHttp({ 'GET /cat/rootList': () => ok([{ id: 'r1', name: '根一' }]) });
    renderWith(<SchemaPage schema={{ ...schema, tree: { parentKey: 'pid' } }} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('根一');
    expect(s.last('get', '/cat/rootList')?.params).not.toHaveProperty('pid');
  });

  it('says 返回数据类型不识别 for an unreadable roots answer', async () => {
    const s = fakeHttp({ 'GET /cat/rootList': () => ok({ rows: [] }) });
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={schema} notifier={rec.notifier} />, s.http);
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'error', text: '返回数据类型不识别' }));
  });
});

describe('tree table load failures', () => {
  it('warns with the error message when a child load is refused by the network', async () => {
    const s = fakeHttp({
      'GET /cat/rootList': () => ok([{ id: 'r1', name: '根一', hasChild: '1' }]),
      'GET /cat/childList': () => Promise.reject(new Error('Network Error')),
    });
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={schema} notifier={rec.notifier} />, s.http);
    await screen.findByText('根一');
    fireEvent.click(expanders()[0]);
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'warning', text: 'Network Error' }));
  });
});
