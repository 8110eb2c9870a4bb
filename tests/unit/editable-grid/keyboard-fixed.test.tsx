import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRef } from 'react';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { fireEvent, render, screen } from '@testing-library/react';
import { EditableGrid } from '@widgets/editable-grid/EditableGrid';
import type { EditableGridHandle, GridColumn } from '@widgets/editable-grid/types';
import { layoutColumns } from '@widgets/editable-grid/parts/columnDefs';
import { nextPosition } from '@widgets/editable-grid/parts/keyboardNav';
import { sendsToken, uploadCellFile } from '@widgets/editable-grid/adapters/upload';
import type { RendererServices } from '@renderer/context';

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input' },
  { key: 'code', title: '编码', type: 'input', fixed: 'left', width: 100 },
  { key: 'qty', title: '数量', type: 'inputNumber', width: 90 },
  { key: 'op', title: '操作人', type: 'input', fixed: 'right', width: 120 },
];
const rows = () => [
  { id: '1', name: '甲', code: 'A', qty: 1, op: 'x' },
  { id: '2', name: '乙', code: 'B', qty: 2, op: 'y' },
];

describe('frozen columns', () => {
  it('puts the grid columns and left-fixed columns first, right-fixed last, with sticky offsets', () => {
    const laid = layoutColumns(columns, { rowNumber: true, rowSelection: true });
    expect(laid.map((c) => c.id)).toEqual(['row-number', 'row-checkbox', 'code', 'name', 'qty', 'op']);
    expect(laid.map((c) => c.placement?.style.left)).toEqual([0, 60, 100, undefined, undefined, undefined]);
    expect(laid[5].placement?.style).toMatchObject({ position: 'sticky', right: 0 });
    expect(laid[2].placement?.className).toContain('eg-fixed-left-last');
    expect(laid[5].placement?.className).toContain('eg-fixed-right-first');
  });

  it('renders header and body cells of frozen columns as sticky', () => {
    render(<EditableGrid columns={columns} dataSource={rows()} rowNumber />);
    const header = screen.getAllByRole('columnheader');
    expect(header.map((h) => h.textContent)).toEqual(['#', '编码', '名称', '数量', '操作人']);
    const code = document.querySelector('[data-row-id="1"] [data-key="code"]') as HTMLElement;
    expect(code.style.position).toBe('sticky');
    expect(code.style.left).toBe('60px');
    const op = document.querySelector('[data-row-id="1"] [data-key="op"]') as HTMLElement;
    expect(op.style.right).toBe('0px');
    expect((document.querySelector('[data-row-id="1"] [data-key="name"]') as HTMLElement).style.position).toBe('');
  });
});

describe('keyboard navigation', () => {
  it('moves by arrows, wraps with Tab and stops at the edges', () => {
    const size = { rows: 3, cols: 4 };
    expect(nextPosition({ row: 0, col: 0 }, 'ArrowUp', size)).toEqual({ row: 0, col: 0 });
    expect(nextPosition({ row: 0, col: 3 }, 'ArrowRight', size)).toEqual({ row: 0, col: 3 });
    expect(nextPosition({ row: 0, col: 3 }, 'Tab', size)).toEqual({ row: 1, col: 0 });
    expect(nextPosition({ row: 1, col: 0 }, 'Tab', { ...size, shift: true })).toEqual({ row: 0, col: 3 });
    expect(nextPosition({ row: 2, col: 3 }, 'Tab', size)).toBeNull();
    expect(nextPosition({ row: 1, col: 2 }, 'End', { ...size, ctrl: true })).toEqual({ row: 2, col: 3 });
    expect(nextPosition({ row: 1, col: 2 }, 'Home', size)).toEqual({ row: 1, col: 0 });
  });

  const selectedCell = () => document.querySelector('[role="gridcell"][aria-selected="true"]');
  const where = () => {
    const cell = selectedCell();
    return `${cell?.closest('[data-row-id]')?.getAttribute('data-row-id')}:${cell?.getAttribute('data-key')}`;
  };

  it('moves the cursor, opens the editor with Enter, cancels with Esc and keeps a value with Tab', () => {
    const ref = createRef<EditableGridHandle>();
    render(<EditableGrid ref={ref} columns={columns} dataSource={rows()} />);
    const grid = screen.getByRole('grid');
    grid.focus();
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(where()).toBe('1:code');
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(where()).toBe('2:name');

    fireEvent.keyDown(grid, { key: 'Enter' });
    const input = screen.getByDisplayValue('乙');
    fireEvent.change(input, { target: { value: '丙' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.blur(input);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(ref.current!.getValues({ validate: false }).values[1].name).toBe('乙');
    expect(document.activeElement).toBe(grid);

    fireEvent.keyDown(grid, { key: 'F2' });
    const again = screen.getByDisplayValue('乙');
    fireEvent.change(again, { target: { value: '丁' } });
    fireEvent.keyDown(again, { key: 'Tab' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(ref.current!.getValues({ validate: false }).values[1].name).toBe('丁');
    expect(where()).toBe('2:qty');
    expect(document.querySelector('[data-row-id="2"] [data-key="name"]')?.textContent).toBe('丁');
  });

  it('a click puts the cursor on the cell', () => {
    render(<EditableGrid columns={columns} dataSource={rows()} />);
    fireEvent.click(document.querySelector('[data-row-id="1"] [data-key="qty"]') as HTMLElement);
    expect(where()).toBe('1:qty');
  });
});

describe('upload token option', () => {
  let server: Server;
  let base = '';
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST' };
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
      seen.push(req.headers);
      req.resume();
      req.on('end', () => {
        const authorised = !!req.headers['x-access-token'];
        res.writeHead(authorised ? 200 : 401, { ...cors, 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            authorised
              ? { success: true, message: 'temp/a.pdf', code: 200 }
              : { success: false, message: 'Token失效，请重新登录!', code: 401 },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => server.close());

  it('sends the token unless the column turns it off', () => {
    expect(sendsToken({ key: 'f', title: '文件', type: 'file' })).toBe(true);
    expect(sendsToken({ key: 'f', title: '文件', type: 'file', token: true })).toBe(true);
    expect(sendsToken({ key: 'f', title: '文件', type: 'file', token: false })).toBe(false);
  });

  it('token: false posts without X-Access-Token and shows the server refusal', async () => {
    const services = { apiBase: base, http: {} } as unknown as RendererServices;
    const file = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    const column: GridColumn = { key: 'f', title: '文件', type: 'file', token: false };
    await expect(uploadCellFile(services, column, file, () => {})).rejects.toThrow('Token失效，请重新登录!');
    expect(seen.at(-1)?.['x-access-token']).toBeUndefined();
  });
});
