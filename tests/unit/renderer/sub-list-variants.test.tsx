import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SchemaPage } from '@renderer/index';
import type { ListPage } from '@contract/schema-types.gen';
import { clearDictCache } from '@renderer/data/dict';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

const base: ListPage = {
  $schema: '../_meta/page.schema.json',
  kind: 'list',
  title: '订单',
  url: { list: '/order/list', add: '/order/add' },
  columns: [{ dataIndex: 'code', title: '订单号' }],
  subLists: [
    { key: 'lines', title: '明细', listUrl: '/order/subList/lines', columns: [{ dataIndex: 'item', title: '品名' }] },
    { key: 'pays', title: '付款', listUrl: '/order/subList/pays', columns: [{ dataIndex: 'amount', title: '金额' }] },
  ],
};

const routes = () =>
  fakeHttp({
    'GET /order/list': () =>
      ok({
        records: [
          { id: 'o1', code: 'SO-1' },
          { id: 'o2', code: 'SO-2' },
        ],
        total: 2,
      }),
    'GET /order/subList/lines': (c) => ok([{ id: `l_${String(c.params?.id)}`, item: `${String(c.params?.id)}的螺丝` }]),
    'GET /order/subList/pays': (c) => ok([{ id: `p_${String(c.params?.id)}`, amount: `${String(c.params?.id)}付100` }]),
  });

describe('sub lists of a main row', () => {
  it('erp: a clicked row shows its sub rows in tabs below the list', async () => {
    const s = routes();
    renderWith(<SchemaPage schema={{ ...base, variant: 'erp' }} notifier={recordingNotifier().notifier} />, s.http);
    expect(await screen.findByText('点击一行主表数据查看其子表数据')).toBeTruthy();
    fireEvent.click(await screen.findByText('SO-2'));
    expect(await screen.findByText('o2的螺丝')).toBeTruthy();
    expect(s.last('get', '/order/subList/lines')?.params).toEqual({ id: 'o2' });
    fireEvent.click(screen.getByRole('tab', { name: '付款' }));
    expect(await screen.findByText('o2付100')).toBeTruthy();
    // another row replaces them
    fireEvent.click(screen.getByText('SO-1'));
    expect(await screen.findByText('o1付100')).toBeTruthy();
    expect(screen.queryByText('o2付100')).toBeNull();
    // ticking a second row's checkbox keeps both selected (batch actions) and shows the last one's rows
    const secondBox = screen.getByText('SO-2').closest('tr')!.querySelector('input[type="checkbox"]')!;
    fireEvent.click(secondBox);
    await waitFor(() => expect(document.querySelectorAll('tr.ant-table-row input[type="checkbox"]:checked')).toHaveLength(2));
    expect(await screen.findByText('o2付100')).toBeTruthy();
  });

  it('erp: a record with more sub rows than a page shows them a page at a time', async () => {
    const s = fakeHttp({
      'GET /order/list': () => ok({ records: [{ id: 'o1', code: 'SO-1' }], total: 1 }),
      'GET /order/subList/lines': () => ok(Array.from({ length: 23 }, (_, i) => ({ id: `l${i + 1}`, item: `螺丝${i + 1}号` }))),
      'GET /order/subList/pays': () => ok([]),
    });
    renderWith(<SchemaPage schema={{ ...base, variant: 'erp' }} notifier={recordingNotifier().notifier} />, s.http);
    fireEvent.click(await screen.findByText('SO-1'));
    expect(await screen.findByText('螺丝10号')).toBeTruthy();
    expect(screen.queryByText('螺丝11号')).toBeNull();
    expect(screen.getByText('共 23 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('螺丝23号')).toBeTruthy();
    expect(screen.queryByText('螺丝10号')).toBeNull();
  });

  it('innerTable: a row expands to its sub rows', async () => {
    const s = routes();
    renderWith(<SchemaPage schema={{ ...base, variant: 'innerTable' }} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('SO-1');
    expect(s.last('get', '/order/subList/lines')).toBeUndefined();
    fireEvent.click(document.querySelectorAll('.ant-table-row-expand-icon')[0]!);
    expect(await screen.findByText('o1的螺丝')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '付款' })).toBeTruthy();
    // the open tab's rows only, asked once
    expect(s.calls.filter((c) => c.url.startsWith('/order/subList/'))).toHaveLength(1);
  });

  it('form.mainTab: the main fields are the first tab, each sub table a tab after it', async () => {
    const s = routes();
    const schema: ListPage = {
      ...base,
      variant: 'masterDetail',
      subLists: undefined,
      form: {
        mainTab: '订单',
        schema: {
          type: 'object',
          properties: { code: { type: 'string', title: '订单号', 'x-decorator': 'FormItem', 'x-component': 'Input' } },
        },
        subTables: [{ key: 'lines', title: '明细', component: 'Input' }],
      },
    };
    renderWith(<SchemaPage schema={schema} notifier={recordingNotifier().notifier} />, s.http);
    fireEvent.click(await screen.findByRole('button', { name: /新\s*增/ }));
    const modal = await waitFor(() => {
      const found = document.querySelector('.ant-modal');
      if (!found?.querySelector('[role="tab"]')) throw new Error('not open');
      return found as HTMLElement;
    });
    const tabs = within(modal)
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual(['订单', '明细']);
    expect(within(modal).getByRole('tab', { name: '订单' }).getAttribute('aria-selected')).toBe('true');
    expect(within(modal).getByText('订单号')).toBeTruthy();
  });
});
