import { describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { EditableGrid } from '@widgets/editable-grid/EditableGrid';
import { validateGrids } from '@widgets/editable-grid/validateGrids';
import type { EditableGridHandle, GridColumn } from '@widgets/editable-grid/types';

const customerColumns: GridColumn[] = [
  { key: 'name', title: '客户名', type: 'input', validateRules: [{ required: true, message: '请输入${title}' }] },
];
const ticketColumns: GridColumn[] = [
  { key: 'ticketCode', title: '航班号', type: 'input', validateRules: [{ pattern: 'only', message: '${title}不能重复' }] },
];

describe('master form with two grids', () => {
  it('validates every grid before save and activates the first failing tab', () => {
    const customers = createRef<EditableGridHandle>();
    const tickets = createRef<EditableGridHandle>();
    render(
      <>
        <EditableGrid ref={customers} columns={customerColumns} dataSource={[{ id: 'c1', name: '张三' }]} />
        <EditableGrid
          ref={tickets}
          columns={ticketColumns}
          dataSource={[
            { id: 't1', ticketCode: 'CA1' },
            { id: 't2', ticketCode: 'CA1' },
          ]}
        />
      </>,
    );
    const activate = vi.fn();
    const result = validateGrids(
      [
        { key: 'customers', handle: customers.current, tab: 'customer' },
        { key: 'tickets', handle: tickets.current, tab: 'ticket' },
      ],
      activate,
    );
    expect(result.ok).toBe(false);
    expect(result.firstFailed).toMatchObject({ key: 'tickets', tab: 'ticket' });
    expect(result.firstFailed?.errors.map((e) => e.message)).toEqual(['航班号不能重复', '航班号不能重复']);
    expect(activate).toHaveBeenCalledWith('ticket', 'tickets');
    expect(result.values.customers).toEqual([{ id: 'c1', name: '张三' }]);
  });
});

describe('sub-table popover and details', () => {
  it('opens 子表 under a clicked row and closes on a second click', async () => {
    render(
      <EditableGrid
        columns={[{ key: 'name', title: '名称' }]}
        dataSource={[{ id: '1', name: '甲' }]}
        clickRowShowSubForm
        renderSubForm={(row) => <div>子表内容{String(row.name)}</div>}
      />,
    );
    fireEvent.click(screen.getByText('甲'));
    expect(await screen.findByText('子表内容甲')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '子表' })).toBeTruthy();
    fireEvent.click(screen.getByText('甲'));
    expect(screen.queryByText('子表内容甲')).toBeNull();
  });

  it('opens 详细信息 and closes it when the confirm callback succeeds', async () => {
    const onDetailsConfirm = vi.fn(({ callback }: { callback: (ok: boolean) => void }) => callback(true));
    render(
      <EditableGrid
        columns={[{ key: 'name', title: '名称' }]}
        dataSource={[{ id: '1', name: '甲' }]}
        clickRowShowMainForm
        renderMainForm={(row) => <div>主表{String(row.name)}</div>}
        onDetailsConfirm={onDetailsConfirm}
      />,
    );
    fireEvent.click(screen.getByText('甲'));
    expect(await screen.findByText('详细信息')).toBeTruthy();
    expect(screen.getByText('主表甲')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText('OK')));
    expect(onDetailsConfirm).toHaveBeenCalled();
  });
});
