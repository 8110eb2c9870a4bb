import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EditableGrid } from '@widgets/editable-grid/EditableGrid';
import { excludedCodes } from '@widgets/editable-grid/parts/layout';
import type { EditableGridHandle, GridColumn } from '@widgets/editable-grid/types';
import { fakeHttp, renderWith } from '../widgets/fake-http';

afterEach(() => cleanup());

describe('auth prefix', () => {
  // the session: 'demo:grid:secret' and batch_delete are configured and not granted; nothing else is configured
  const lookup = (prefix: string) => (prefix.replace(/:$/, '') === 'demo:grid' ? ['secret', 'batch_delete'] : []);
  const columns: GridColumn[] = [
    { key: 'name', title: '名称', type: 'input' },
    { key: 'secret', title: '机密', type: 'input', validateRules: [{ required: true }] },
    { key: 'other', title: '其他', type: 'input' },
    { key: 'note', title: '备注', type: 'input', hidden: true, validateRules: [{ required: true }] },
    { key: 'code', title: '编码', type: 'hidden', validateRules: [{ required: true }] },
  ];

  it('excludes only codes configured under the prefix and not granted', () => {
    expect([...excludedCodes('demo:grid', lookup)]).toEqual(['secret', 'batch_delete', 'remove']);
    expect([...excludedCodes('demo:grid', undefined)]).toEqual([]);
  });

  it('hides the excluded column and button, keeps unconfigured ones, and never validates hidden columns', () => {
    const ref = createRef<EditableGridHandle>();
    renderWith(
      <EditableGrid
        ref={ref}
        authPre="demo:grid"
        toolbar
        rowSelection
        columns={columns}
        dataSource={[{ id: '1', name: '甲', secret: '', code: 'C1' }]}
      />,
      fakeHttp(),
      { can: () => false, excludedCodes: lookup },
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toContain('名称');
    expect(headers).toContain('其他');
    expect(headers).not.toContain('机密');
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    fireEvent.click(within(document.querySelector('[data-row-id="1"]') as HTMLElement).getByRole('checkbox'));
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    const result = ref.current!.getValues();
    expect(result.errors).toEqual([]);
    expect(result.values[0]).toMatchObject({ id: '1', code: 'C1' });
  });
});

describe('setValues, column props and z-index', () => {
  it('reports values changed by setValues with isSetValues', () => {
    const ref = createRef<EditableGridHandle>();
    const onValueChange = vi.fn();
    render(
      <EditableGrid
        ref={ref}
        columns={[{ key: 'name', title: '名称', type: 'input' }]}
        dataSource={[{ id: '1', name: '甲' }]}
        onValueChange={onValueChange}
      />,
    );
    act(() => ref.current!.setValues([{ rowKey: '1', values: { name: '乙' } }]));
    expect(onValueChange).toHaveBeenCalledTimes(1);
    expect(onValueChange.mock.calls[0][0]).toMatchObject({
      value: '乙',
      oldValue: '甲',
      rowIndex: 0,
      isSetValues: true,
      column: { key: 'name' },
    });
    act(() => ref.current!.setValues([{ rowKey: '1', values: { name: '乙' } }]));
    expect(onValueChange).toHaveBeenCalledTimes(1);
    expect(screen.getByText('乙')).toBeTruthy();
  });

  it('fills ${title}, ${key} and ${defaultValue} in column props', () => {
    render(
      <EditableGrid
        alwaysEdit
        columns={[
          {
            key: 'name',
            title: '名称',
            type: 'input',
            defaultValue: '无',
            props: { placeholder: '请填写${title}(${key})，默认${defaultValue}' },
          },
        ]}
        dataSource={[{ id: '1', name: '' }]}
      />,
    );
    expect(screen.getByPlaceholderText('请填写名称(name)，默认无')).toBeTruthy();
  });

  it('opens cell dropdowns at z-index 1000 and keeps the sub-form popover under them', async () => {
    render(
      <EditableGrid
        columns={[
          { key: 's', title: '状态', type: 'select', options: [{ value: '1', text: '启用' }] },
          { key: 'name', title: '名称' },
        ]}
        dataSource={[{ id: '1', s: '', name: '甲' }]}
        clickRowShowSubForm
        renderSubForm={() => <div>子表内容</div>}
      />,
    );
    fireEvent.click(screen.getByText('甲'));
    const popover = await screen.findByRole('dialog', { name: '子表' });
    expect(Number(getComputedStyle(popover).zIndex)).toBe(999);
    fireEvent.click(document.querySelector('[data-row-id="1"] [data-key="s"]') as HTMLElement);
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown')).toBeTruthy());
    expect((document.querySelector('.ant-select-dropdown') as HTMLElement).style.zIndex).toBe('1000');
  });
});

describe('dictionary search while loading', () => {
  it('says 加载中… until the answer comes', async () => {
    let answer: (rows: unknown) => void = () => {};
    const http = fakeHttp({
      [`GET /sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}`]: () => new Promise((r) => (answer = r)),
    });
    renderWith(
      <EditableGrid
        columns={[{ key: 'u', title: '用户', type: 'select-dict-search', dict: 'sys_user,realname,username' }]}
        dataSource={[{ id: '1', u: '' }]}
      />,
      http,
    );
    const grid = screen.getByRole('grid');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'l' });
    expect(await screen.findByText('加载中…')).toBeTruthy();
    await waitFor(() => expect(http.calls.length).toBe(1), { timeout: 2000 });
    await act(async () => answer([{ value: 'li', text: '李四' }]));
    await waitFor(() => expect(screen.queryByText('加载中…')).toBeNull());
  });
});

describe('picker cells of rows loaded from the server', () => {
  it('show department and user names, looked up once per grid for all rows', async () => {
    const http = fakeHttp({
      'GET /sys/user/getMultiUser': () => [
        { id: 'u1', username: 'zs', realname: '张三' },
        { id: 'u2', username: 'ls', realname: '李四' },
      ],
      'GET /sys/sysDepart/queryTreeList': () => [{ id: 'd1', departName: '研发部', children: [{ id: 'd2', departName: '测试组' }] }],
    });
    renderWith(
      <EditableGrid
        columns={[
          { key: 'dep', title: '部门', type: 'sel_depart' },
          { key: 'user', title: '用户', type: 'sel_user' },
        ]}
        dataSource={[
          { id: '1', dep: 'd1', user: 'zs' },
          { id: '2', dep: 'd2', user: 'ls,zs' },
        ]}
      />,
      http,
    );
    await waitFor(() => expect(screen.getByDisplayValue('李四,张三')).toBeTruthy());
    expect(screen.getByDisplayValue('张三')).toBeTruthy();
    expect(screen.getByDisplayValue('研发部')).toBeTruthy();
    expect(screen.getByDisplayValue('测试组')).toBeTruthy();
    const users = http.calls.filter((c) => c.url === '/sys/user/getMultiUser');
    const departs = http.calls.filter((c) => c.url === '/sys/sysDepart/queryTreeList');
    expect(users.map((c) => c.params)).toEqual([{ username: 'zs,ls,' }]);
    expect(departs.map((c) => c.params)).toEqual([{ ids: 'd1,d2' }]);
  });
});

describe('asynchronous handlers in the grid', () => {
  it('getValuesAsync waits for them; a plain validate shows their message on the cell when it comes', async () => {
    const ref = createRef<EditableGridHandle>();
    const columns: GridColumn[] = [
      { key: 'code', title: '编码', type: 'input', validateRules: [{ handler: async ({ value }) => value !== 'dup' || '${title}已存在' }] },
    ];
    render(
      <EditableGrid
        ref={ref}
        columns={columns}
        dataSource={[
          { id: '1', code: 'dup' },
          { id: '2', code: 'ok' },
        ]}
      />,
    );
    const result = await act(() => ref.current!.getValuesAsync());
    expect(result.errors).toEqual([{ rowId: '1', rowIndex: 0, columnKey: 'code', message: '编码已存在' }]);
    act(() => ref.current!.setValues([{ rowKey: '1', values: { code: 'fine' } }]));
    expect(await act(() => ref.current!.validateAsync())).toEqual([]);
    act(() => ref.current!.setValues([{ rowKey: '2', values: { code: 'dup' } }]));
    let sync: unknown;
    act(() => void (sync = ref.current!.validate()));
    expect(sync).toEqual([]);
    await waitFor(() => expect(document.querySelector('[data-row-id="2"] [data-key="code"]')?.className).toMatch(/error/));
  });
});

describe('socket updates and reloadEffect', () => {
  class FakeSocket {
    static last: FakeSocket | null = null;
    readyState = 1;
    sent: string[] = [];
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: unknown }) => void) | null = null;
    onclose: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor() {
      FakeSocket.last = this;
    }
    send(s: string) {
      this.sent.push(s);
    }
    close() {}
  }
  afterEach(() => vi.unstubAllGlobals());

  async function receiveUpdate(reloadEffect: boolean) {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.last = null;
    const view = render(
      <EditableGrid
        columns={[{ key: 'name', title: '名称', type: 'input' }]}
        dataSource={[{ id: '1', name: '甲' }]}
        socketKey="audit"
        socketUrl={() => 'ws://test/vxeSocket/u/p'}
        reloadEffect={reloadEffect}
      />,
    );
    await waitFor(() => expect(FakeSocket.last).toBeTruthy());
    const ws = FakeSocket.last as unknown as FakeSocket;
    act(() => ws.onopen?.());
    act(() =>
      ws.onmessage?.({
        data: JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'audit', args: [{ id: '1', name: '乙' }, 'elsewhere'] } }),
      }),
    );
    const cell = screen.getByText('乙').closest('[data-key="name"]') as HTMLElement;
    const sentUpdates = ws.sent.filter((s) => s.includes('update_vxe_table'));
    const highlighted = cell.className.includes('eg-highlight');
    view.unmount();
    return { highlighted, sentUpdates };
  }

  it('updates the row without highlighting by default, and does not send the update back', async () => {
    const { highlighted, sentUpdates } = await receiveUpdate(false);
    expect(highlighted).toBe(false);
    expect(sentUpdates).toEqual([]);
  });

  it('highlights the changed cell with reloadEffect', async () => {
    expect((await receiveUpdate(true)).highlighted).toBe(true);
  });
});
