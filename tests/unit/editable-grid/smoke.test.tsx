import { describe, expect, it } from 'vitest';
import { createRef } from 'react';
import { render, screen, fireEvent, act } from '@testing-library/react';
import { EditableGrid } from '@widgets/editable-grid/EditableGrid';
import type { EditableGridHandle } from '@widgets/editable-grid/types';

describe('smoke', () => {
  it('renders rows and adds one', async () => {
    const ref = createRef<EditableGridHandle>();
    render(
      <EditableGrid ref={ref} toolbar rowNumber columns={[{ key: 'name', title: '名称', type: 'input' }]} dataSource={[{ id: '1', name: '甲' }, { id: '2', name: '乙' }]} />,
    );
    expect(screen.getByText('甲')).toBeTruthy();
    fireEvent.click(screen.getByText('新增'));
    await act(async () => {});
    expect(ref.current!.getValues({ validate: false }).values.length).toBe(3);
    expect(screen.getAllByRole('row').length).toBe(4);
    fireEvent.click(screen.getByText('甲'));
    const input = screen.getByDisplayValue('甲');
    fireEvent.change(input, { target: { value: '丙' } });
    fireEvent.blur(input);
    expect(ref.current!.getValues().values[0].name).toBe('丙');
  });
});
