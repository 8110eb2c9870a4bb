import { describe, expect, it, beforeEach } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SchemaPage } from '@renderer/index';
import { useListPage } from '@renderer/list/useListPage';
import { clearDictCache } from '@renderer/data/dict';
import { fakeHttp, ok, fail, recordingNotifier, renderWith } from './harness';
import { positions, positionSchema } from './position.fixture';

beforeEach(() => {
  clearDictCache();
  localStorage.clear();
});

function server(extra: Parameters<typeof fakeHttp>[0] = {}) {
  return fakeHttp({
    'GET /sys/position/list': () => ok({ records: positions(3), total: 3 }),
    'GET /sys/dict/getDictItems/position_rank': () => ok([]),
    'DELETE /sys/position/delete': () => ok('删除成功!', '删除成功!'),
    'DELETE /sys/position/deleteBatch': () => ok('批量删除成功!', '批量删除成功!'),
    ...extra,
  });
}

/** The add/edit/detail modal (it carries the fullscreen toggle). */
function recordModal(): HTMLElement {
  const modals = [...document.querySelectorAll('.ant-modal')] as HTMLElement[];
  const found = modals.reverse().find((m) => m.querySelector('[aria-label="全屏"], [aria-label="退出全屏"]'));
  if (!found) throw new Error('record modal not open');
  return found;
}

async function openMoreMenu(rowIndex: number) {
  fireEvent.click(screen.getAllByText('更多')[rowIndex]);
}

describe('delete and batch delete', () => {
  it('deletes a row from 更多 → 删除 after confirmation', async () => {
    const s = server();
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={positionSchema} notifier={rec.notifier} />, s.http);
    await screen.findByText('职务1');
    await openMoreMenu(1);
    fireEvent.click(await screen.findByText('删除'));
    await waitFor(() => expect(s.last('delete', '/sys/position/delete')?.params).toEqual({ id: 'p2' }));
    expect(rec.texts()).toContain('确定删除吗?');
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'success', text: '删除成功!' }));
  });

  it('says 请选择一条记录！ when nothing is selected', async () => {
    const s = server();
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={positionSchema} notifier={rec.notifier} />, s.http);
    await screen.findByText('职务1');
    fireEvent.click(screen.getByText('批量操作'));
    fireEvent.click(await screen.findByText('删除'));
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'warning', text: '请选择一条记录！' }));
    expect(s.last('delete')).toBeUndefined();
  });

  it('asks 确定要删除这 N 项吗? and sends the ids with a trailing comma', async () => {
    const s = server();
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={positionSchema} notifier={rec.notifier} />, s.http);
    await screen.findByText('职务1');
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[3]);
    fireEvent.click(screen.getByText('批量操作'));
    fireEvent.click(await screen.findByText('删除'));
    await waitFor(() => expect(s.last('delete', '/sys/position/deleteBatch')?.params).toEqual({ ids: 'p1,p3,' }));
    expect(rec.texts()).toContain('确认删除 确定要删除这 2 项吗?');
  });

  it('does nothing when the confirmation is declined', async () => {
    const s = server();
    const rec = recordingNotifier();
    rec.answers.push(false);
    renderWith(<SchemaPage schema={positionSchema} notifier={rec.notifier} />, s.http);
    await screen.findByText('职务1');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(screen.getByText('批量操作'));
    fireEvent.click(await screen.findByText('删除'));
    await waitFor(() => expect(rec.texts()).toContain('确认删除 确定要删除这 1 项吗?'));
    expect(s.last('delete')).toBeUndefined();
  });

  it('uses the real confirmation dialog by default', async () => {
    const s = server();
    renderWith(<SchemaPage schema={positionSchema} />, s.http);
    await screen.findByText('职务1');
    fireEvent.click(screen.getAllByRole('checkbox')[2]);
    fireEvent.click(screen.getByText('批量操作'));
    fireEvent.click(await screen.findByText('删除'));
    expect(await screen.findByText('确定要删除这 1 项吗?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(s.last('delete', '/sys/position/deleteBatch')?.params).toEqual({ ids: 'p2,' }));
  });

  it('names missing delete urls', async () => {
    const s = server();
    const rec = recordingNotifier();
    let list: ReturnType<typeof useListPage> | undefined;
    function Probe() {
      list = useListPage({ ...positionSchema, url: { list: '/sys/position/list' } }, { notifier: rec.notifier });
      return null;
    }
    renderWith(<Probe />, s.http);
    await act(async () => {
      await list!.remove({ id: 'p1' });
      await list!.removeSelected();
    });
    expect(rec.texts()).toEqual(expect.arrayContaining(['请设置url.delete属性!', '请设置url.deleteBatch属性!']));
  });
});

describe('export', () => {
  function exportWith(download: () => unknown) {
    const s = server({ 'DOWNLOAD /sys/position/exportXls': download });
    const rec = recordingNotifier();
    const saved: string[] = [];
    let list: ReturnType<typeof useListPage> | undefined;
    function Probe({ schema }: { schema: typeof positionSchema }) {
      list = useListPage(schema, { notifier: rec.notifier, saveFile: (_blob, name) => saved.push(name) });
      return null;
    }
    return { s, rec, saved, Probe, list: () => list! };
  }

  it('names the file after the configured name (server extension kept), else the server name, else 导出文件.xls', async () => {
    const blob = new Blob(['x']);
    const a = exportWith(() => ({ blob, fileName: '职务表-服务器.xlsx' }));
    renderWith(<a.Probe schema={positionSchema} />, a.s.http);
    await act(async () => a.list().exportXls());
    expect(a.saved).toEqual(['职务表.xlsx']);

    const b = exportWith(() => ({ blob }));
    renderWith(<b.Probe schema={positionSchema} />, b.s.http);
    await act(async () => b.list().exportXls());
    expect(b.saved).toEqual(['职务表.xls']);

    const c = exportWith(() => ({ blob }));
    renderWith(<c.Probe schema={{ ...positionSchema, exportFileName: undefined }} />, c.s.http);
    await act(async () => c.list().exportXls());
    expect(c.saved).toEqual(['导出文件.xls']);

    const d = exportWith(() => ({ blob, fileName: '服务器.xlsx' }));
    renderWith(<d.Probe schema={{ ...positionSchema, exportFileName: undefined }} />, d.s.http);
    await act(async () => d.list().exportXls());
    expect(d.saved).toEqual(['服务器.xlsx']);
  });

  it('shows the message of a JSON failure envelope instead of saving it', async () => {
    const envelope = (body: unknown) => ({ blob: new Blob([JSON.stringify(body)], { type: 'application/json;charset=UTF-8' }) });
    const a = exportWith(() => envelope({ success: false, code: 500, message: '导出数据过多', result: null }));
    renderWith(<a.Probe schema={positionSchema} />, a.s.http);
    await act(async () => a.list().exportXls());
    expect(a.saved).toEqual([]);
    expect(a.rec.said).toContainEqual({ kind: 'warning', text: '导出数据过多' });

    const b = exportWith(() => envelope({ success: false, code: 500, message: '', result: null }));
    renderWith(<b.Probe schema={positionSchema} />, b.s.http);
    await act(async () => b.list().exportXls());
    expect(b.saved).toEqual([]);
    expect(b.rec.said).toContainEqual({ kind: 'warning', text: '文件下载失败' });
  });

  it('sends the selected ids as selections and the current filters', async () => {
    const a = exportWith(() => ({ blob: new Blob(['x']) }));
    renderWith(<a.Probe schema={positionSchema} />, a.s.http);
    await act(async () => a.list().select(['p1', 'p2'], []));
    await act(async () => a.list().exportXls());
    expect(a.s.last('download')?.params).toMatchObject({ selections: 'p1,p2', column: 'createTime', order: 'desc' });
  });

  it('says 文件下载失败 for an empty file', async () => {
    const a = exportWith(() => ({ blob: new Blob([]) }));
    renderWith(<a.Probe schema={positionSchema} />, a.s.http);
    await act(async () => a.list().exportXls());
    expect(a.saved).toEqual([]);
    expect(a.rec.said).toContainEqual({ kind: 'warning', text: '文件下载失败' });
  });
});

describe('add, edit and details', () => {
  it('adds a record through the modal form and reloads', async () => {
    const s = server({
      'POST /sys/position/add': () => ok('添加成功！', '添加成功！'),
      'GET /sys/duplicate/check': () => ok('该值可用！'),
      'GET /sys/dict/getDictItems/position_rank': () => ok([{ value: '1', text: '员级' }]),
    });
    const rec = recordingNotifier();
    renderWith(<SchemaPage schema={positionSchema} notifier={rec.notifier} />, s.http);
    await screen.findByText('职务1');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await waitFor(() => within(recordModal()).getByPlaceholderText('请输入职务编码'));
    fireEvent.click(within(recordModal()).getByRole('button', { name: /确\s*定/ }));
    expect((await screen.findAllByText('该字段是必填字段')).length).toBeGreaterThan(0);
    fireEvent.change(within(recordModal()).getByPlaceholderText('请输入职务编码'), { target: { value: 'PM' } });
    fireEvent.change(within(recordModal()).getByPlaceholderText('请输入职务名称'), { target: { value: '项目经理' } });
    await waitFor(() =>
      expect(s.last('get', '/sys/duplicate/check')?.params).toMatchObject({ tableName: 'sys_position', fieldName: 'code', fieldVal: 'PM' }),
    );
    const listCalls = s.calls.filter((c) => c.url === '/sys/position/list').length;
    const select = recordModal().querySelector('.ant-select-selector') as HTMLElement;
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('员级'));
    fireEvent.click(within(recordModal()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(s.last('post', '/sys/position/add')?.body).toMatchObject({ code: 'PM', name: '项目经理', postRank: '1' }));
    await waitFor(() => expect(rec.said).toContainEqual({ kind: 'success', text: '添加成功！' }));
    await waitFor(() => expect(s.calls.filter((c) => c.url === '/sys/position/list').length).toBeGreaterThan(listCalls));
  });

  it('shows the duplicate check failure message from the server', async () => {
    const s = server({ 'GET /sys/duplicate/check': () => fail('该值不可用，系统中已存在！') });
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('职务1');
    fireEvent.click(screen.getAllByText('编辑')[0]);
    const code = await waitFor(() => within(recordModal()).getByPlaceholderText('请输入职务编码'));
    fireEvent.change(code, { target: { value: 'C2' } });
    expect(await screen.findByText('该值不可用，系统中已存在！')).toBeTruthy();
    expect(s.last('get', '/sys/duplicate/check')?.params).toMatchObject({ dataId: 'p1' });
  });

  it('opens details read-only in a 1200 wide modal with the dictionary text', async () => {
    const s = server({ 'GET /sys/dict/getDictItems/position_rank': () => ok([{ value: '1', text: '员级' }]) });
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('职务1');
    await openMoreMenu(0);
    fireEvent.click(await screen.findByText('详情'));
    await waitFor(() => recordModal());
    const modal = recordModal();
    expect(modal.textContent).toContain('详情');
    expect(modal.style.width).toBe('1200px');
    await waitFor(() => expect(modal.textContent).toContain('员级'));
    expect(modal.querySelector('input')).toBeNull();
  });

  it('resets the fullscreen toggle each time the form opens', async () => {
    const s = server();
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('职务1');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    fireEvent.click(await screen.findByLabelText('全屏'));
    expect(recordModal().style.width).toBe('100%');
    fireEvent.click(within(recordModal()).getByRole('button', { name: /取\s*消/ }));
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await waitFor(() => expect(recordModal().style.width).toBe('800px'));
    expect(within(recordModal()).getByLabelText('全屏')).toBeTruthy();
  });
});
