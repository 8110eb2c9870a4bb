import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RendererHttp } from '@renderer/context';
import { testDataProvider } from '../helpers/dataProvider';
import { VxeSocketClient, parseSocketMessage, randomPageId } from '@widgets/editable-grid/socket/vxeSocket';
import { ticketUrlFactory, websocketBase } from '@widgets/editable-grid/socket/ticketUrl';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
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

const make = () =>
  new VxeSocketClient(
    () => '/vxeSocket/u1/p1',
    (u) => new FakeSocket(u) as unknown as WebSocket,
  );
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('vxe socket client', () => {
  it('page ids are 32 hex characters', () => {
    expect(randomPageId()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends a heartbeat on open and the next one 10 s after the reply', async () => {
    const c = make();
    await c.connect();
    const ws = FakeSocket.all[0];
    ws.open();
    expect(JSON.parse(ws.sent[0]).type).toBe('heart_beat');
    c.receive(JSON.stringify({ type: 'heart_beat' }));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(ws.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ws.sent).toHaveLength(2);
    c.close();
  });

  it('reconnects 5 s after a missing reply (6 s), once, despite close and error together', async () => {
    const c = make();
    await c.connect();
    FakeSocket.all[0].open();
    await vi.advanceTimersByTimeAsync(6_000);
    FakeSocket.all[0].onclose?.();
    FakeSocket.all[0].onerror?.();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(FakeSocket.all).toHaveLength(2);
    c.close();
  });

  it('ignores malformed messages', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseSocketMessage('{nope')).toBeNull();
    expect(parseSocketMessage(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 1 } }))).toBeNull();
    expect(parseSocketMessage(JSON.stringify({ type: 'other' }))).toBeNull();
    make().receive('garbage');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('delivers update_vxe_table to other grids on the key and common_send_date to bound functions', () => {
    const c = make();
    const mine = vi.fn();
    const other = vi.fn();
    const elsewhere = vi.fn();
    c.bindTable({ socketKey: 'k', caseId: 'a', applyRow: mine });
    c.bindTable({ socketKey: 'k', caseId: 'b', applyRow: other });
    c.bindTable({ socketKey: 'z', caseId: 'c', applyRow: elsewhere });
    c.receive(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'k', args: [{ id: '1', name: 'x' }, 'a'] } }));
    expect(mine).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledWith({ id: '1', name: 'x' });
    expect(elsewhere).not.toHaveBeenCalled();
    const fn = vi.fn();
    c.bindCommonSendDate('reload', fn);
    c.receive(JSON.stringify({ type: 'common_send_date', data: { key: 'reload', args: [1, 2] } }));
    expect(fn).toHaveBeenCalledWith(1, 2);
  });
});

describe('vxe socket common_send_date', () => {
  it('binds the key at the server, sends {key,args}, rebinds after reconnect and unbinds with the last function', async () => {
    const c = make();
    const frames = (ws: FakeSocket) =>
      ws.sent.map((s) => JSON.parse(s) as { type: string; data: unknown }).filter((m) => m.type !== 'heart_beat');
    const early = vi.fn();
    c.bindCommonSendDate('order-total', early);
    await c.connect();
    FakeSocket.all[0].open();
    expect(frames(FakeSocket.all[0])).toEqual([{ type: 'bind', data: { key: 'order-total' } }]);
    const second = vi.fn();
    const unbindSecond = c.bindCommonSendDate('order-total', second);
    expect(frames(FakeSocket.all[0])).toHaveLength(1);
    expect(c.sendCommonData('order-total', 'sum', 12)).toBe(true);
    expect(frames(FakeSocket.all[0]).at(-1)).toEqual({ type: 'common_send_date', data: { key: 'order-total', args: ['sum', 12] } });
    // sent messages come back only from other pages, through the server
    expect(early).not.toHaveBeenCalled();
    c.receive(JSON.stringify({ type: 'common_send_date', data: { key: 'order-total', args: ['sum', 30] } }));
    expect(early).toHaveBeenCalledWith('sum', 30);
    expect(second).toHaveBeenCalledWith('sum', 30);
    FakeSocket.all[0].onclose?.();
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    FakeSocket.all[1].open();
    expect(frames(FakeSocket.all[1])).toEqual([{ type: 'bind', data: { key: 'order-total' } }]);
    unbindSecond();
    expect(frames(FakeSocket.all[1])).toHaveLength(1);
    c.close();
  });

  it('unbinds a key when its last function goes', async () => {
    const c = make();
    await c.connect();
    FakeSocket.all[0].open();
    const off = c.bindCommonSendDate('k1', () => {});
    off();
    const sent = FakeSocket.all[0].sent.map((s) => JSON.parse(s) as { type: string; data: unknown }).filter((m) => m.type !== 'heart_beat');
    expect(sent).toEqual([
      { type: 'bind', data: { key: 'k1' } },
      { type: 'unbind', data: { key: 'k1' } },
    ]);
    expect(c.sendCommonData('k1')).toBe(true);
    c.close();
    expect(c.sendCommonData('k1')).toBe(false);
  });
});

describe('vxe socket binding', () => {
  it('names bound keys in the address and binds them again on every (re)connection', async () => {
    const urls: string[][] = [];
    const c = new VxeSocketClient(
      (keys) => (urls.push(keys), '/vxeSocket/u1/p1'),
      (u) => new FakeSocket(u) as unknown as WebSocket,
    );
    c.bindTable({ socketKey: 'order', caseId: 'a', applyRow: () => {} });
    await c.connect();
    expect(urls[0]).toEqual(['order']);
    FakeSocket.all[0].open();
    const sentTypes = (ws: FakeSocket) => ws.sent.map((s) => JSON.parse(s) as { type: string; data: unknown });
    expect(sentTypes(FakeSocket.all[0])[0]).toEqual({ type: 'bind', data: { socketKey: 'order' } });
    const unbind = c.bindTable({ socketKey: 'late', caseId: 'b', applyRow: () => {} });
    expect(sentTypes(FakeSocket.all[0]).at(-1)).toEqual({ type: 'bind', data: { socketKey: 'late' } });
    unbind();
    expect(sentTypes(FakeSocket.all[0]).at(-1)).toEqual({ type: 'unbind', data: { socketKey: 'late' } });
    FakeSocket.all[0].onclose?.();
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    FakeSocket.all[1].open();
    expect(sentTypes(FakeSocket.all[1])[0]).toEqual({ type: 'bind', data: { socketKey: 'order' } });
    c.close();
  });

  it('fetches a fresh ticket for the address and never sends the token', async () => {
    const get = vi.fn(async () => ({ success: true, message: '', code: 200, result: { ticket: 'T1' } }));
    const http = { get } as unknown as RendererHttp;
    const factory = ticketUrlFactory({
      data: testDataProvider(http),
      apiBase: '/api',
      user: { id: 'u1', username: 'admin', realname: 'A' },
    });
    const url = await factory('p1', ['k1', 'k2']);
    expect(get).toHaveBeenCalledWith('/sys/socket/ticket', undefined);
    expect(url).toBe(`ws://${location.host}/api/vxeSocket/u1/p1?ticket=T1&socketKey=k1%2Ck2`);
    expect(websocketBase('https://x.example/api/', { href: 'http://localhost/' })).toBe('wss://x.example/api');
  });
});
