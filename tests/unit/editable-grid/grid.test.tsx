import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EditableGrid } from '@widgets/editable-grid/EditableGrid';
import type { EditableGridHandle, GridColumn, GridRow } from '@widgets/editable-grid/types';
import type { EditableGridProps } from '@widgets/editable-grid/props';

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true, message: '${title}必填' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum', 'average'] },
];
const data = (): GridRow[] => [
  { id: '1', name: '甲', qty: 2 },
  { id: '2', name: '乙', qty: 4 },
];

function setup(props: Partial<EditableGridProps> = {}) {
  const ref = createRef<EditableGridHandle>();
  const utils = render(<EditableGrid ref={ref} toolbar rowNumber rowSelection columns={columns} dataSource={data()} {...props} />);
  return { ref, ...utils };
}

const bodyRows = () => screen.getAllByRole('row').filter((r) => r.hasAttribute('data-row-id'));
const names = (ref: React.RefObject<EditableGridHandle>) => ref.current!.getValues({ validate: false }).values.map((r) => r.name);

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('EditableGrid', () => {
  it('shows cells as text until clicked, then edits with one editor and validates on commit', async () => {
    const onChange = vi.fn();
    const { ref } = setup({ onChange });
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByText('甲'));
    const input = screen.getByDisplayValue('甲');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(names(ref)).toEqual(['', '乙']);
    expect(onChange).toHaveBeenLastCalledWith([
      { id: '1', name: '', qty: 2 },
      { id: '2', name: '乙', qty: 4 },
    ]);
    const cell = bodyRows()[0].querySelector('[data-key="name"]') as HTMLElement;
    expect(cell.className).toContain('eg-td-error');
    fireEvent.mouseEnter(cell);
    expect(await screen.findByText('名称必填')).toBeTruthy();
  });

  it('parses a number cell to a float on blur', () => {
    const { ref } = setup();
    fireEvent.click(bodyRows()[0].querySelector('[data-key="qty"] .eg-td-text') as HTMLElement);
    const input = screen.getByDisplayValue('2');
    fireEvent.change(input, { target: { value: '1-' } });
    expect(screen.getByDisplayValue('2')).toBeTruthy();
    fireEvent.change(input, { target: { value: '-3.50' } });
    fireEvent.blur(input);
    expect(ref.current!.getValues({ validate: false }).values[0].qty).toBe(-3.5);
  });

  it('adds a row at the bottom with 新增 and reports it as new data', async () => {
    const { ref } = setup();
    fireEvent.click(screen.getByText('新增'));
    await act(async () => {});
    expect(bodyRows()).toHaveLength(3);
    expect(ref.current!.getNewData()).toEqual([{}]);
    const result = ref.current!.getValues();
    expect(result.error).toBe(1);
    expect(result.errors[0]).toMatchObject({ rowIndex: 2, columnKey: 'name', message: '名称必填' });
  });

  it('inserts with the add-row settings and refuses a second insert within 1500 ms', async () => {
    localStorage.setItem('jet-add-btn-settings', JSON.stringify({ addRowNum: 2, addIndex: 1, addScrollToBottom: false }));
    const { ref } = setup();
    fireEvent.click(screen.getByText('新增'));
    expect(names(ref)).toEqual(['甲', undefined, undefined, '乙']);
    await new Promise((r) => setTimeout(r, 350));
    fireEvent.click(screen.getByText('新增'));
    expect(await screen.findByText('你点击的太快了，请慢点点击!')).toBeTruthy();
    expect(names(ref)).toHaveLength(4);
  });

  it('saves the add-row settings as default with 保存成功', async () => {
    setup({ addButtonSettings: true });
    fireEvent.click(screen.getByLabelText('新增设置'));
    fireEvent.click(await screen.findByText('保存为默认值'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('jet-add-btn-settings') as string)).toEqual({
      addRowNum: 1,
      addIndex: 0,
      addScrollToBottom: false,
    });
  });

  it('removes selected rows after 确定要删除这 N 项吗? and reports deleted rows', async () => {
    const onRemove = vi.fn();
    const { ref } = setup({ onRemove });
    screen.getAllByLabelText('选择行').forEach((box) => fireEvent.click(box));
    fireEvent.click(screen.getByText('删除'));
    expect(await screen.findByText('确定要删除这 2 项吗?')).toBeTruthy();
    fireEvent.click(screen.getByText('OK'));
    await waitFor(() => expect(bodyRows()).toHaveLength(0));
    expect(ref.current!.getDeleteData().map((r) => r.id)).toEqual(['1', '2']);
    expect(onRemove.mock.calls[0][0].deleteRows).toHaveLength(2);
  });

  it('with asyncRemove keeps saved rows until confirmRemove is called', async () => {
    const onRemove = vi.fn();
    const { ref } = setup({ onRemove, asyncRemove: true });
    fireEvent.click(screen.getAllByLabelText('选择行')[0]);
    fireEvent.click(screen.getByText('删除'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(onRemove).toHaveBeenCalled());
    expect(names(ref)).toEqual(['甲', '乙']);
    act(() => onRemove.mock.calls[0][0].confirmRemove());
    expect(names(ref)).toEqual(['乙']);
  });

  it('shows 合计 and 平均 footer rows', () => {
    setup();
    const sum = document.querySelector('[data-statistics="sum"]') as HTMLElement;
    const avg = document.querySelector('[data-statistics="average"]') as HTMLElement;
    expect(within(sum).getByText('合计')).toBeTruthy();
    expect(within(sum).getByText('6')).toBeTruthy();
    expect(within(avg).getByText('平均')).toBeTruthy();
    expect(within(avg).getByText('3')).toBeTruthy();
  });

  it('drag-handle menu moves rows and rewrites orderNum', async () => {
    const { ref } = setup({ dragSort: true });
    fireEvent.click(screen.getAllByLabelText('拖动排序')[1]);
    fireEvent.click(await screen.findByText('向上移'));
    expect(ref.current!.getValues({ validate: false }).values.map((r) => [r.name, r.orderNum])).toEqual([
      ['乙', 1],
      ['甲', 2],
    ]);
  });

  it('hides 新增 when the auth prefix excludes add, and remove when batch_delete is excluded', () => {
    setup({ excludeCode: ['add', 'batch_delete'] });
    expect(screen.queryByText('新增')).toBeNull();
    fireEvent.click(screen.getAllByLabelText('选择行')[0]);
    expect(screen.queryByText('删除')).toBeNull();
    expect(screen.getByText('清空选择')).toBeTruthy();
  });

  it('handle: setValues, insertRows, removeRows, validate', () => {
    const { ref } = setup();
    act(() => ref.current!.setValues([{ rowKey: '2', values: { name: '丙' } }]));
    expect(screen.getByText('丙')).toBeTruthy();
    act(() => void ref.current!.insertRows({ name: '丁' }, 1));
    expect(names(ref)).toEqual(['甲', '丁', '丙']);
    act(() => ref.current!.removeRows('1'));
    expect(names(ref)).toEqual(['丁', '丙']);
    expect(ref.current!.validate()).toEqual([]);
    expect(ref.current!.getAll().deleteData.map((r) => r.id)).toEqual(['1']);
  });

  it('disabled rows are read-only and cannot be selected', () => {
    setup({ disabledRows: { name: '甲' } });
    fireEvent.click(screen.getByText('甲'));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect((screen.getAllByLabelText('选择行')[0] as HTMLInputElement).disabled).toBe(true);
  });
});
