import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SchemaPage } from '@renderer/index';
import type { ListPage } from '@contract/schema-types.gen';
import { clearDictCache } from '@renderer/data/dict';
import { columnWidth } from '@renderer/list/ListTable';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';
import { positions, positionSchema } from './position.fixture';

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

describe('list paging', () => {
  it('offers page sizes 10, 20, 30 and 200 on list pages', async () => {
    const s = fakeHttp({ 'GET /sys/position/list': () => ok({ records: positions(3), total: 300 }) });
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('职务1');
    fireEvent.mouseDown(document.querySelector('.ant-pagination-options .ant-select-selector')!);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(4));
    const sizes = [...document.querySelectorAll('.ant-select-item-option')].map((o) => Number.parseInt(o.textContent ?? '', 10));
    expect(sizes).toEqual([10, 20, 30, 200]);
  });
});

describe('column minimum widths', () => {
  it('raises datetime, user-select and department-select columns to 190px and dates to 135px', () => {
    expect(columnWidth({ dataIndex: 'a', title: 'a', component: 'DateTimePicker', width: 100 })).toBe(190);
    expect(columnWidth({ dataIndex: 'a', title: 'a', component: 'DateTimePicker' })).toBe(190);
    expect(columnWidth({ dataIndex: 'a', title: 'a', component: 'JSelectUserByDep', width: 120 })).toBe(190);
    expect(columnWidth({ dataIndex: 'a', title: 'a', component: 'JSelectMultiUser' })).toBe(190);
    expect(columnWidth({ dataIndex: 'a', title: 'a', component: 'JSelectDepart', width: 80 })).toBe(190);
    expect(columnWidth({ dataIndex: 'a', title: 'a', component: 'DatePicker', width: 90 })).toBe(135);
    expect(columnWidth({ dataIndex: 'a', title: 'a', component: 'DatePicker', width: 240 })).toBe(240);
    expect(columnWidth({ dataIndex: 'a', title: 'a', width: 60 })).toBe(60);
    expect(columnWidth({ dataIndex: 'a', title: 'a' })).toBeUndefined();
  });

  it('applies the minimum to the rendered table even when the schema sets less', async () => {
    const schema: ListPage = {
      ...positionSchema,
      columns: [
        { dataIndex: 'name', title: '名称' },
        { dataIndex: 'createTime', title: '创建时间', component: 'DateTimePicker', width: 100 },
        { dataIndex: 'birthday', title: '生日', component: 'DatePicker', width: 90 },
      ],
    };
    const s = fakeHttp({ 'GET /sys/position/list': () => ok({ records: positions(1), total: 1 }) });
    renderWith(<SchemaPage schema={schema} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('职务1');
    const widths = [...document.querySelectorAll('colgroup col')].map((c) => (c as HTMLElement).style.width);
    expect(widths).toEqual(expect.arrayContaining(['190px', '135px']));
    expect(widths).not.toContain('100px');
  });
});
