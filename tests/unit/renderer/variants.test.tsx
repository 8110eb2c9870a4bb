import { beforeEach, describe, expect, it } from 'vitest';
import { useEffect } from 'react';
import type { Field } from '@formily/core';
import { useField } from '@formily/react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SchemaPage, registerField } from '@renderer/index';
import type { ListPage } from '@contract/schema-types.gen';
import { clearDictCache } from '@renderer/data/dict';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

const base: Omit<ListPage, 'url'> = {
  $schema: '../_meta/page.schema.json',
  kind: 'list',
  title: '分类',
  columns: [{ dataIndex: 'name', title: '名称' }],
};

describe('tree table', () => {
  const schema: ListPage = { ...base, variant: 'treeTable', url: { list: '/cat/rootList', childList: '/cat/childList' } };

  it('loads roots first and children lazily with the parent key', async () => {
    const s = fakeHttp({
      'GET /cat/rootList': () =>
        ok({
          records: [
            { id: 'r1', name: '根一', hasChildren: true },
            { id: 'r2', name: '根二' },
          ],
          total: 2,
        }),
      'GET /cat/childList': (c) => ok(c.params?.parentId === 'r1' ? [{ id: 'c1', name: '子一', parentId: 'r1' }] : []),
    });
    renderWith(<SchemaPage schema={schema} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('根一');
    expect(s.calls.filter((c) => c.url === '/cat/childList')).toHaveLength(0);
    const expanders = document.querySelectorAll('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');
    expect(expanders).toHaveLength(1);
    fireEvent.click(expanders[0]);
    expect(await screen.findByText('子一')).toBeTruthy();
    expect(s.last('get', '/cat/childList')?.params).toMatchObject({ parentId: 'r1' });
  });

  it('says 返回数据类型不识别 when children come back in an unknown shape', async () => {
    const s = fakeHttp({
      'GET /cat/rootList': () => ok([{ id: 'r1', name: '根一', hasChildren: true }]),
      'GET /cat/childList': () => ok('oops'),
    });
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={schema} notifier={rec.notifier} />, s.http);
    await screen.findByText('根一');
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon')!);
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'error', text: '返回数据类型不识别' }));
  });
});

describe('left tree + right list', () => {
  it('filters the list by the selected node', async () => {
    const schema: ListPage = {
      ...base,
      variant: 'leftTree',
      url: { list: '/user/list' },
      leftTree: { url: '/depart/tree', param: 'departId', keyField: 'id', titleField: 'departName' },
    };
    const s = fakeHttp({
      'GET /depart/tree': () => ok([{ id: 'd1', departName: '工程部' }]),
      'GET /user/list': (c) => ok({ records: [{ id: 'u1', name: c.params?.departId ? '工程部员工' : '全部员工' }], total: 1 }),
    });
    renderWith(<SchemaPage schema={schema} notifier={recordingNotifier().notifier} />, s.http);
    expect(await screen.findByText('全部员工')).toBeTruthy();
    fireEvent.click(await screen.findByText('工程部'));
    expect(await screen.findByText('工程部员工')).toBeTruthy();
    expect(s.last('get', '/user/list')?.params).toMatchObject({ departId: 'd1', pageNo: 1 });
  });
});

describe('master with sub-tables', () => {
  it('activates the first failing sub-table tab on save', async () => {
    function TestGrid({ value, failing }: { value?: unknown[]; failing?: boolean }) {
      const field = useField<Field>();
      useEffect(() => {
        if (failing) field.setValidator(() => '付款明细不能为空');
      }, [field, failing]);
      return <div data-testid="grid">{(value ?? []).length} 行</div>;
    }
    registerField('TestGrid', { component: TestGrid, override: true });
    const schema: ListPage = {
      ...base,
      variant: 'masterDetail',
      url: { list: '/order/list', add: '/order/add' },
      form: {
        schema: {
          type: 'object',
          properties: { name: { type: 'string', title: '名称', 'x-decorator': 'FormItem', 'x-component': 'Input' } },
        },
        subTables: [
          { key: 'lines', title: '明细', component: 'TestGrid' },
          { key: 'payments', title: '付款', component: 'TestGrid', props: { failing: true } },
        ],
      },
    };
    const s = fakeHttp({ 'GET /order/list': () => ok({ records: [], total: 0 }), 'POST /order/add': () => ok('添加成功！') });
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={schema} notifier={rec.notifier} />, s.http);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const modal = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-modal')].find((m) => m.textContent?.includes('明细'));
      if (!found) throw new Error('not open');
      return found as HTMLElement;
    });
    expect(within(modal).getByRole('tab', { name: '明细' }).getAttribute('aria-selected')).toBe('true');
    // the second sub-table's own rule fails: its tab must come forward
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(within(modal).getByRole('tab', { name: '付款' }).getAttribute('aria-selected')).toBe('true'));
    expect(s.last('post')).toBeUndefined();
  });
});
