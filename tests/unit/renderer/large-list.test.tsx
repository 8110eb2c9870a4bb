import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SchemaPage } from '@renderer/index';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';
import { positions, positionSchema } from './position.fixture';

describe('large pages render only the visible rows', () => {
  const schema = { ...positionSchema, pageSize: 500, pageSizeOptions: [100, 500] };
  const server = () =>
    fakeHttp({
      'GET /sys/position/list': () => ok({ records: positions(500).map((r) => ({ ...r, postRank_dictText: '中级' })), total: 1200 }),
    });

  it('shows the first rows, the total and dictionary text without rendering all 500', async () => {
    const s = server();
    renderWith(<SchemaPage schema={schema} notifier={recordingNotifier().notifier} />, s.http);
    expect(await screen.findByText('职务1')).toBeTruthy();
    expect(document.querySelectorAll('.renderer-vtable [data-row-key]').length).toBeLessThan(60);
    expect(screen.getAllByText('中级').length).toBeGreaterThan(0);
    expect(screen.getByText('1-500 共 1200 条')).toBeTruthy();
    expect(s.last('get', '/sys/position/list')?.params).toMatchObject({ pageSize: 500 });
  });

  it('sorts from the header and selects rows into the banner', async () => {
    const s = server();
    renderWith(<SchemaPage schema={schema} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('职务1');
    fireEvent.click(screen.getAllByRole('columnheader').find((h) => h.textContent === '职务编码')!);
    await waitFor(() => expect(s.last('get', '/sys/position/list')?.params).toMatchObject({ column: 'code', order: 'asc' }));
    await screen.findByText('职务1');
    const boxes = screen.getAllByLabelText('选择');
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[1]);
    await waitFor(() => expect(document.querySelector('.renderer-selection')?.textContent).toContain('已选择 2 项'));
    fireEvent.click(screen.getByLabelText('全选'));
    await waitFor(() => expect(document.querySelector('.renderer-selection')?.textContent).toContain('已选择 500 项'));
  });
});
