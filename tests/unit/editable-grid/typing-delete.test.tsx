import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EditableGrid } from '@widgets/editable-grid/EditableGrid';
import type { EditableGridHandle, GridColumn, GridRow } from '@widgets/editable-grid/types';
import type { EditableGridProps } from '@widgets/editable-grid/props';
import { injectGridStyles } from '@widgets/editable-grid/parts/styles';
import { fakeHttp, renderWith } from '../widgets/fake-http';

const fruits = [
  { value: 'apple', text: '苹果' },
  { value: 'banana', text: '香蕉' },
  { value: 'cherry', text: '樱桃' },
];
const columns: GridColumn[] = [
  { key: 'code', title: '编码', type: 'input', fixed: 'left', width: 100, validateRules: [{ required: true, message: '${title}必填' }] },
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true, message: '${title}必填' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum'] },
  { key: 'note', title: '备注', type: 'textarea' },
  { key: 'fruit', title: '水果', type: 'select-search', options: fruits },
  {
    key: 'status',
    title: '状态',
    type: 'select',
    options: [
      { value: '1', text: '启用' },
      { value: '0', text: '停用' },
    ],
  },
  { key: 'locked', title: '锁定', type: 'input', disabled: true },
  { key: 'label', title: '标签', type: 'normal' },
];
const data = (): GridRow[] => [
  { id: '1', code: 'A', name: '甲', qty: 2, note: '说明', fruit: 'apple', status: '1', locked: '锁', label: '只读' },
  { id: '2', code: 'B', name: '乙', qty: 4, note: '', fruit: '', status: '0', locked: '锁', label: '只读', frozen: true },
];

function setup(props: Partial<EditableGridProps> = {}) {
  const ref = createRef<EditableGridHandle>();
  const utils = render(<EditableGrid ref={ref} columns={columns} dataSource={data()} disabledRows={{ frozen: true }} {...props} />);
  const grid = screen.getByRole('grid');
  grid.focus();
  return { ref, grid, ...utils };
}

const cellOf = (rowId: string, key: string) => document.querySelector(`[data-row-id="${rowId}"] [data-key="${key}"]`) as HTMLElement;
const values = (ref: React.RefObject<EditableGridHandle>) => ref.current!.getValues({ validate: false }).values;
/** Put the keyboard cursor on a cell the way a user does: click it when it is read-only, else arrows. */
function cursorTo(grid: HTMLElement, row: number, col: number) {
  fireEvent.keyDown(grid, { key: 'Home', ctrlKey: true });
  for (let i = 0; i < row; i++) fireEvent.keyDown(grid, { key: 'ArrowDown' });
  for (let i = 0; i < col; i++) fireEvent.keyDown(grid, { key: 'ArrowRight' });
}
const COL = { code: 0, name: 1, qty: 2, note: 3, fruit: 4, status: 5, locked: 6, label: 7 };

afterEach(() => vi.unstubAllGlobals());

describe('typing on the cursor cell', () => {
  it('opens a text cell with the typed character as its new text; Enter keeps it', () => {
    const onChange = vi.fn();
    const { ref, grid } = setup({ onChange });
    cursorTo(grid, 0, COL.name);
    fireEvent.keyDown(grid, { key: 'Z', shiftKey: true });
    const input = screen.getByDisplayValue('Z');
    expect(cellOf('1', 'name').contains(input)).toBe(true);
    fireEvent.change(input, { target: { value: 'Zed' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(cellOf('1', 'name').textContent).toBe('Zed');
    expect(values(ref)[0].name).toBe('Zed');
    expect(onChange).toHaveBeenCalled();
  });

  it('Esc after typing puts the old text back', () => {
    const { ref, grid } = setup();
    cursorTo(grid, 0, COL.note);
    fireEvent.keyDown(grid, { key: 'x' });
    const input = screen.getByDisplayValue('x');
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.blur(input);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(cellOf('1', 'note').textContent).toBe('说明');
    expect(values(ref)[0].note).toBe('说明');
    expect(document.activeElement).toBe(grid);
  });

  it('a number cell starts with a digit and ignores a letter', () => {
    const { ref, grid } = setup();
    cursorTo(grid, 0, COL.qty);
    fireEvent.keyDown(grid, { key: 'q' });
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.keyDown(grid, { key: '7' });
    const input = screen.getByDisplayValue('7');
    fireEvent.blur(input);
    expect(values(ref)[0].qty).toBe(7);
    expect(document.querySelector('[data-statistics="sum"]')?.textContent).toContain('11');
  });

  it('does nothing on read-only cells, disabled columns, disabled rows or with Ctrl held', () => {
    const { ref, grid } = setup();
    cursorTo(grid, 0, COL.label);
    fireEvent.keyDown(grid, { key: 'a' });
    cursorTo(grid, 0, COL.locked);
    fireEvent.keyDown(grid, { key: 'a' });
    cursorTo(grid, 1, COL.name);
    fireEvent.keyDown(grid, { key: 'a' });
    cursorTo(grid, 0, COL.name);
    fireEvent.keyDown(grid, { key: 'a', ctrlKey: true });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(values(ref).map((r) => [r.name, r.locked, r.label])).toEqual([
      ['甲', '锁', '只读'],
      ['乙', '锁', '只读'],
    ]);
  });

  it('opens a searchable select with the typed text as its search, showing the matching options', async () => {
    const { ref, grid } = setup();
    cursorTo(grid, 0, COL.fruit);
    fireEvent.keyDown(grid, { key: '樱' });
    const search = await screen.findByRole('combobox');
    expect((search as HTMLInputElement).value).toBe('樱');
    expect(search.getAttribute('aria-expanded')).toBe('true');
    const options = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    await waitFor(() => expect(options()).toEqual(['樱桃']));
    fireEvent.click(document.querySelector('.ant-select-item-option') as HTMLElement);
    await waitFor(() => expect(values(ref)[0].fruit).toBe('cherry'));
    expect(cellOf('1', 'fruit').textContent).toBe('樱桃');
  });

  it('a dictionary search cell searches the server for the typed key', async () => {
    const http = fakeHttp({
      [`GET /sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}`]: () => [{ value: 'li', text: '李四' }],
    });
    renderWith(
      <EditableGrid
        columns={[{ key: 'user', title: '用户', type: 'select-dict-search', dict: 'sys_user,realname,username' }]}
        dataSource={[{ id: '1', user: '' }]}
      />,
      http,
    );
    const grid = screen.getByRole('grid');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'l' });
    const search = await screen.findByRole('combobox');
    expect((search as HTMLInputElement).value).toBe('l');
    await waitFor(() => expect(document.querySelector('.ant-select-item-option')?.textContent).toBe('李四'));
    expect(http.calls.filter((c) => c.url.startsWith('/sys/dict/loadDict/')).map((c) => c.params?.keyword)).toEqual(['l']);
  });

  it('opens a select without search on a typed key', async () => {
    const { grid } = setup();
    cursorTo(grid, 0, COL.status);
    fireEvent.keyDown(grid, { key: 's' });
    const select = await screen.findByRole('combobox');
    expect(select.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('Delete and Backspace on the cursor cell', () => {
  it('clears a required cell: the error shows on it and the change is reported like an edit', async () => {
    const onChange = vi.fn();
    const onValueChange = vi.fn();
    const { ref, grid } = setup({ onChange, onValueChange });
    cursorTo(grid, 0, COL.name);
    fireEvent.keyDown(grid, { key: 'Delete' });
    expect(cellOf('1', 'name').textContent).toBe('');
    expect(values(ref)[0].name).toBe('');
    expect(cellOf('1', 'name').className).toContain('eg-td-error');
    expect(onChange).toHaveBeenLastCalledWith(expect.arrayContaining([expect.objectContaining({ id: '1', name: '' })]));
    expect(onValueChange).toHaveBeenCalledWith(expect.objectContaining({ value: '', oldValue: '甲', rowIndex: 0 }));
    fireEvent.mouseEnter(cellOf('1', 'name'));
    expect(await screen.findByText('名称必填')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('Backspace empties a number cell and the statistics footer follows', () => {
    const { ref, grid } = setup();
    const sum = () => document.querySelector('[data-statistics="sum"]')?.textContent;
    expect(sum()).toContain('6');
    cursorTo(grid, 0, COL.qty);
    fireEvent.keyDown(grid, { key: 'Backspace' });
    expect(values(ref)[0].qty).toBe('');
    expect(sum()).toContain('4');
    expect(sum()).not.toContain('6');
  });

  it('leaves disabled columns, disabled rows and read-only cells alone', () => {
    const onValueChange = vi.fn();
    const { ref, grid } = setup({ onValueChange });
    cursorTo(grid, 0, COL.locked);
    fireEvent.keyDown(grid, { key: 'Delete' });
    cursorTo(grid, 1, COL.name);
    fireEvent.keyDown(grid, { key: 'Delete' });
    cursorTo(grid, 0, COL.label);
    fireEvent.keyDown(grid, { key: 'Backspace' });
    expect(values(ref).map((r) => [r.name, r.locked, r.label])).toEqual([
      ['甲', '锁', '只读'],
      ['乙', '锁', '只读'],
    ]);
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('a cell emptied after an Esc-cancelled edit is still cleared', () => {
    const { ref, grid } = setup();
    cursorTo(grid, 0, COL.name);
    fireEvent.keyDown(grid, { key: 'Enter' });
    const input = screen.getByDisplayValue('甲');
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.blur(input);
    fireEvent.keyDown(grid, { key: 'Delete' });
    expect(values(ref)[0].name).toBe('');
  });

  it('publishes the cleared row on the grid socket', async () => {
    const sockets: { sent: string[]; open: () => void }[] = [];
    class FakeSocket {
      readyState = 0;
      sent: string[] = [];
      onopen: (() => void) | null = null;
      onmessage: ((e: { data: unknown }) => void) | null = null;
      onclose: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor() {
        sockets.push(this);
      }
      open() {
        this.readyState = 1;
        this.onopen?.();
      }
      send(s: string) {
        this.sent.push(s);
      }
      close() {
        this.readyState = 3;
      }
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    const { grid } = setup({ socketKey: 'demo', socketUrl: () => 'ws://test/vxeSocket/u/p' });
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0].open());
    cursorTo(grid, 0, COL.name);
    fireEvent.keyDown(grid, { key: 'Delete' });
    const updates = sockets[0].sent.map((s) => JSON.parse(s)).filter((m) => m.type === 'update_vxe_table');
    expect(updates).toHaveLength(1);
    expect(updates[0].data.socketKey).toBe('demo');
    expect(updates[0].data.args[0]).toMatchObject({ id: '1', name: '' });
  });
});

describe('validation border on frozen columns', () => {
  it('the innermost left-frozen cell shows the red error border along with its edge shadow', () => {
    injectGridStyles();
    const { grid } = setup();
    const before = getComputedStyle(cellOf('1', 'code')).boxShadow;
    cursorTo(grid, 0, COL.code);
    fireEvent.keyDown(grid, { key: 'Delete' });
    const code = cellOf('1', 'code');
    expect(code.className).toContain('eg-fixed-left-last');
    expect(code.className).toContain('eg-td-error');
    const shadow = getComputedStyle(code).boxShadow;
    expect(shadow).not.toBe(before);
    expect(shadow).toMatch(/inset 0 0 0 1px (#ff4d4f|rgb\(255, 77, 79\))/);
    expect(shadow).toMatch(/6px 0 6px -4px/);
  });
});

describe('Esc in a select editor', () => {
  it('closes the open dropdown first, then cancels the edit', async () => {
    const { ref, grid } = setup();
    cursorTo(grid, 0, COL.status);
    fireEvent.keyDown(grid, { key: 'Enter' });
    const select = await screen.findByRole('combobox');
    expect(select.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(select, { key: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(select, { key: 'Escape', keyCode: 27, which: 27 });
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('false');
    expect(cellOf('1', 'status').contains(screen.getByRole('combobox'))).toBe(true);
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape', keyCode: 27, which: 27 });
    fireEvent.blur(select);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(values(ref)[0].status).toBe('1');
    expect(cellOf('1', 'status').textContent).toBe('启用');
    expect(document.activeElement).toBe(grid);
  });

  it('an Esc the dropdown does not handle itself still leaves the open dropdown to close before the edit', async () => {
    const { grid } = setup();
    cursorTo(grid, 0, COL.status);
    fireEvent.keyDown(grid, { key: 'Enter' });
    const select = await screen.findByRole('combobox');
    fireEvent.keyDown(select, { key: 'Escape' });
    expect(cellOf('1', 'status').contains(screen.getByRole('combobox'))).toBe(true);
  });
});
