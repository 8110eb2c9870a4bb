import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { ListReloadKeyContext, SchemaPage, signalListReload } from '@renderer/index';
import { fakeHttp, ok, recordingNotifier, renderWith } from './harness';
import { positions, positionSchema } from './position.fixture';

describe('a list reloads when its page is signalled', () => {
  it('fetches again for its own key only, keeping page and query', async () => {
    const s = fakeHttp({ 'GET /sys/position/list': () => ok({ records: positions(3), total: 3 }) });
    renderWith(
      <ListReloadKeyContext.Provider value="system/PositionList">
        <SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />
      </ListReloadKeyContext.Provider>,
      s.http,
    );
    await screen.findByText('职务1');
    const lists = () => s.calls.filter((c) => c.method === 'get' && c.url === '/sys/position/list').length;
    const before = lists();

    act(() => signalListReload(['xypj/ApplicationList']));
    await new Promise((r) => setTimeout(r, 50));
    expect(lists()).toBe(before);

    act(() => signalListReload(['xypj/ApplicationList', 'system/PositionList']));
    await waitFor(() => expect(lists()).toBe(before + 1));
    expect(s.last('get', '/sys/position/list')?.params).toMatchObject({ pageNo: 1 });
  });

  it('a list without a key ignores every signal', async () => {
    const s = fakeHttp({ 'GET /sys/position/list': () => ok({ records: positions(3), total: 3 }) });
    renderWith(<SchemaPage schema={positionSchema} notifier={recordingNotifier().notifier} />, s.http);
    await screen.findByText('职务1');
    const before = s.calls.length;
    act(() => signalListReload(['system/PositionList']));
    await new Promise((r) => setTimeout(r, 50));
    expect(s.calls.length).toBe(before);
  });
});
