import { describe, expect, it, beforeEach } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SchemaPage } from '@renderer/index';
import { clearDictCache } from '@renderer/data/dict';
import { fakeHttp, ok, fail, recordingNotifier, renderWith } from './harness';
import { positions, positionSchema, RANKS } from './position.fixture';

function positionServer(total = 25) {
  return fakeHttp({
    'GET /sys/position/list': (call) => {
      const pageNo = Number(call.params?.pageNo ?? 1);
      const pageSize = Number(call.params?.pageSize ?? 10);
      const start = (pageNo - 1) * pageSize;
      const records = positions(Math.min(pageSize, total - start), start).map((r) => ({
        ...r,
        postRank_dictText: RANKS.find((k) => k.value === r.postRank)?.text,
      }));
      return ok({ records, total });
    },
    'GET /sys/dict/getDictItems/position_rank': () => ok(RANKS),
  });
}

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

describe('list page', () => {
  it('loads page 1 of 10 sorted by createTime desc with the list query parameters', async () => {
    const server = positionServer();
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, server.http);
    expect(await screen.findByText('职务1')).toBeTruthy();
    expect(server.last('get', '/sys/position/list')?.params).toEqual({
      pageNo: 1,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
      field: ['id', '', ...positionSchema.columns.map((c) => c.dataIndex)].join(','),
    });
    expect(screen.getByText('1-10 共 25 条')).toBeTruthy();
    expect(screen.getByText('职务管理')).toBeTruthy();
  });

  it('shows dictionary text in cells from <field>_dictText', async () => {
    const server = positionServer(3);
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, server.http);
    expect(await screen.findByText('员级')).toBeTruthy();
    expect(screen.getByText('助级')).toBeTruthy();
    expect(screen.getByText('中级')).toBeTruthy();
  });

  it('translates through the dictionary when the server sends no _dictText', async () => {
    const server = fakeHttp({
      'GET /sys/position/list': () => ok({ records: positions(2), total: 2 }),
      'GET /sys/dict/getDictItems/position_rank': () => ok(RANKS),
    });
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, server.http);
    expect(await screen.findByText('助级')).toBeTruthy();
    expect(server.calls.filter((c) => c.url === '/sys/dict/getDictItems/position_rank')).toHaveLength(1);
  });

  it('pages and sorts through the server', async () => {
    const server = positionServer();
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, server.http);
    await screen.findByText('职务1');
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('职务11')).toBeTruthy();
    expect(server.last('get', '/sys/position/list')?.params).toMatchObject({ pageNo: 2, pageSize: 10 });
    expect(screen.getByText('11-20 共 25 条')).toBeTruthy();

    fireEvent.click(screen.getAllByText('职务名称').find((el) => el.closest('th'))!);
    await waitFor(() => expect(server.last('get', '/sys/position/list')?.params).toMatchObject({ column: 'name', order: 'asc' }));
  });

  it('searches by name from the query form and resets to page 1', async () => {
    const server = positionServer();
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, server.http);
    await screen.findByText('职务1');
    const input = await screen.findByPlaceholderText('请输入职务名称');
    fireEvent.change(input, { target: { value: '经理' } });
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() => expect(server.last('get', '/sys/position/list')?.params).toMatchObject({ name: '经理', pageNo: 1 }));
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(server.last('get', '/sys/position/list')?.params?.name).toBeUndefined());
  });

  it('warns with the server message when the list fails, and names a missing list url', async () => {
    const server = fakeHttp({ 'GET /sys/position/list': () => fail('数据库忙') });
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={positionSchema} notifier={rec.notifier} />, server.http);
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'warning', text: '数据库忙' }));

    const rec2 = recordingNotifier();
    const { useListPage } = await import('@renderer/list/useListPage');
    function NoUrl() {
      useListPage({ ...positionSchema, url: { list: '' } }, { notifier: rec2.notifier });
      return null;
    }
    renderWith(<NoUrl />, server.http);
    await waitFor(() => expect(rec2.texts()).toContain('请设置url.list属性!'));
  });

  it('shows the selection banner with a count and clears it', async () => {
    const server = positionServer(3);
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, server.http);
    await screen.findByText('职务1');
    const checkboxes = screen.getAllByRole('checkbox');
    fireEvent.click(checkboxes[1]);
    fireEvent.click(checkboxes[2]);
    const banner = document.querySelector('.renderer-selection') as HTMLElement;
    await waitFor(() => expect(banner.textContent).toContain('已选择 2 项'));
    fireEvent.click(within(banner).getByText('清空'));
    await waitFor(() => expect(banner.textContent).toContain('已选择 0 项'));
  });

  it('hides toolbar buttons and row actions the user may not use', async () => {
    const server = positionServer(3);
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, server.http, {
      can: (code) => code === 'system:position:exportXls',
    });
    await screen.findByText('职务1');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    expect(screen.queryByText('批量操作')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
    expect(screen.queryByText('更多')).toBeNull();
    expect(screen.getAllByText('详情').length).toBe(3);
  });
});
