import { describe, expect, it } from 'vitest';
import { createRef } from 'react';
import { fireEvent, render, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { EditableGrid } from '@widgets/editable-grid/EditableGrid';
import type { EditableGridHandle } from '@widgets/editable-grid/types';

describe('date cells', () => {
  it('keep the date picked in the picker after it closes', async () => {
    const ref = createRef<EditableGridHandle>();
    const { container } = render(
      <EditableGrid ref={ref} columns={[{ key: 'day', title: '日期', type: 'date' }]} dataSource={[{ id: '1', day: '' }]} />,
    );
    fireEvent.click(container.querySelector('[role="gridcell"][data-key="day"]')!);
    const today = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-picker-now-btn, .ant-picker-today-btn');
      if (!button) throw new Error('picker not open');
      return button;
    });
    fireEvent.click(today);
    await waitFor(() => expect(ref.current!.getValues({ validate: false }).values[0]!.day).toBe(dayjs().format('YYYY-MM-DD')));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ref.current!.getValues({ validate: false }).values[0]!.day).toBe(dayjs().format('YYYY-MM-DD'));
  });
});
