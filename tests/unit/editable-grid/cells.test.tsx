import { describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { EditableGrid } from '@widgets/editable-grid/EditableGrid';
import { registerCellType, RESERVED_CELL_TYPES } from '@widgets/editable-grid/cells/registry';
import { LinkageOptions, buildLinkageChains } from '@widgets/editable-grid/model/linkage';
import type { EditableGridHandle, GridColumn, GridOption } from '@widgets/editable-grid/types';

describe('cell type registry', () => {
  it('refuses the reserved names with the installCell message', () => {
    expect(RESERVED_CELL_TYPES).toEqual(['row-number', 'row-checkbox', 'row-radio', 'row-expand', 'row-drag-sort']);
    for (const name of RESERVED_CELL_TYPES) {
      expect(() => registerCellType(name, { mode: 'cell' })).toThrow(`【installCell】不能使用"${name}"作为组件的type，因为这是关键字。`);
    }
  });

  it('renders a custom cell type registered by name', () => {
    registerCellType('stars', { mode: 'cell', Display: ({ value }) => <span>{'★'.repeat(Number(value))}</span> });
    render(<EditableGrid columns={[{ key: 'rate', title: '评分', type: 'stars' }]} dataSource={[{ id: '1', rate: 3 }]} />);
    expect(screen.getByText('★★★')).toBeTruthy();
  });

  it('tags show coloured tags and slots render from the slots prop', () => {
    const setTagColor = vi.fn(({ tagValue }: { tagValue: string }) => (tagValue === 'ab' ? 'red' : undefined));
    render(
      <EditableGrid
        columns={[
          { key: 't', title: '标签', type: 'tags', setTagColor },
          { key: 's', title: '操作', type: 'slot', slotName: 'op' },
        ]}
        dataSource={[{ id: '1', t: 'ab;cd' }]}
        slots={{ op: ({ row }) => <button>编辑{String(row.id)}</button> }}
      />,
    );
    expect(screen.getByText('ab')).toBeTruthy();
    expect(screen.getByText('cd')).toBeTruthy();
    expect(setTagColor).toHaveBeenCalledWith(expect.objectContaining({ tagValue: 'ab' }));
    expect(screen.getByText('编辑1')).toBeTruthy();
  });

  it('checkbox cells store the custom values', () => {
    const ref = createRef<EditableGridHandle>();
    render(
      <EditableGrid
        ref={ref}
        columns={[{ key: 'ok', title: '启用', type: 'checkbox', customValue: ['Y', 'N'] }]}
        dataSource={[{ id: '1', ok: 'N' }]}
      />,
    );
    fireEvent.click(screen.getByLabelText('启用'));
    expect(ref.current!.getValues({ validate: false }).values[0].ok).toBe('Y');
  });

  it('select cells show option labels, dictionary-free', () => {
    render(
      <EditableGrid
        columns={[
          {
            key: 'sex',
            title: '性别',
            type: 'select',
            options: [
              { value: '1', text: '男' },
              { value: '2', text: '女' },
            ],
          },
        ]}
        dataSource={[{ id: '1', sex: '2' }]}
      />,
    );
    expect(screen.getByText('女')).toBeTruthy();
  });
});

describe('select linkage', () => {
  const columns: GridColumn[] = [
    { key: 'province', title: '省', type: 'select', linkageKey: 'city' },
    { key: 'city', title: '市', type: 'select', linkageKey: 'area' },
    { key: 'area', title: '区', type: 'select' },
  ];
  const tree: Record<string, GridOption[]> = {
    root: [
      { value: 'gd', text: '广东' },
      { value: 'zj', text: '浙江' },
    ],
    gd: [{ value: 'gz', text: '广州' }],
    zj: [{ value: 'hz', text: '杭州' }],
    gz: [{ value: 'th', text: '天河' }],
  };

  it('follows linkageKey into a chain and caches options per parent', async () => {
    const requestData = vi.fn(async (parent: unknown) => tree[String(parent ?? 'root')] ?? []);
    const chains = buildLinkageChains(columns, [{ key: 'province', requestData }]);
    expect(chains[0].keys).toEqual(['province', 'city', 'area']);
    const linkage = new LinkageOptions(() => {});
    linkage.setChains(chains);
    expect(linkage.get(columns[1], { province: 'gd' })).toBeUndefined();
    linkage.get(columns[1], { province: 'gd' });
    await linkage.settle();
    expect(linkage.get(columns[1], { province: 'gd' })).toEqual(tree.gd);
    expect(linkage.get(columns[1], { province: '' })).toEqual([]);
    expect(requestData).toHaveBeenCalledTimes(1);
    expect(linkage.dependents('province')).toEqual(['city', 'area']);
  });

  it('shows linked labels for existing rows and clears lower levels when a parent changes', async () => {
    const ref = createRef<EditableGridHandle>();
    const requestData = vi.fn(async (parent: unknown) => tree[String(parent ?? 'root')] ?? []);
    render(
      <EditableGrid
        ref={ref}
        columns={columns}
        linkageConfig={[{ key: 'province', requestData }]}
        dataSource={[
          { id: '1', province: 'gd', city: 'gz', area: 'th' },
          { id: '2', province: 'gd', city: 'gz' },
        ]}
      />,
    );
    expect(await screen.findAllByText('广东')).toHaveLength(2);
    expect(screen.getAllByText('广州')).toHaveLength(2);
    expect(screen.getByText('天河')).toBeTruthy();
    expect(requestData.mock.calls.map((c) => c[0])).toEqual([undefined, 'gd', 'gz']);
    fireEvent.click(screen.getAllByText('广东')[0]);
    fireEvent.click(await screen.findByTitle('浙江'));
    await waitFor(() =>
      expect(ref.current!.getValues({ validate: false }).values[0]).toMatchObject({ province: 'zj', city: '', area: '' }),
    );
    await act(async () => {});
  });
});
