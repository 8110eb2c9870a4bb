import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticeSocket, noticeSocketUrl } from '../../../src/notice/noticeSocket';

/** A stand-in for the browser WebSocket that the test drives by hand. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

describe('NoticeSocket', () => {
  const original = globalThis.WebSocket;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    (globalThis as { WebSocket: unknown }).WebSocket = FakeSocket;
  });
  afterEach(() => {
    vi.useRealTimers();
    (globalThis as { WebSocket: unknown }).WebSocket = original;
  });

  const start = () => {
    const messages: unknown[] = [];
    const revoked = vi.fn();
    let n = 0;
    const socket = new NoticeSocket({
      url: async () => `ws://x/websocket/u1?ticket=t${++n}`,
      onMessage: (m) => messages.push(m),
      onRevoked: revoked,
    });
    socket.start();
    return { socket, messages, revoked };
  };

  it('passes topic and user frames on, beats every 20 s and reconnects once, 5 s after close or error, with a new ticket', async () => {
    const { socket, messages } = start();
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeSocket.made[0]!;
    first.open();
    first.onmessage?.({ data: JSON.stringify({ cmd: 'topic', msgId: 'a1', msgTxt: '通知' }) });
    first.onmessage?.({ data: JSON.stringify({ cmd: 'heartcheck' }) });
    first.onmessage?.({ data: 'not json' });
    expect(messages).toEqual([{ cmd: 'topic', msgId: 'a1', msgTxt: '通知' }]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(first.sent).toEqual(['HeartBeat']);
    first.onmessage?.({ data: JSON.stringify({ cmd: 'heartcheck' }) });

    first.onerror?.();
    first.onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(FakeSocket.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.made).toHaveLength(2);
    expect(FakeSocket.made[1]!.url).toBe('ws://x/websocket/u1?ticket=t2');
    socket.stop();
  });

  it('a socket whose heartbeat is not answered by the next beat is closed and reopened', async () => {
    const { socket } = start();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.made[0]!.open();
    await vi.advanceTimersByTimeAsync(40_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(FakeSocket.made).toHaveLength(2);
    socket.stop();
  });

  it('stops for good when the server closes the socket because the session was revoked', async () => {
    const { revoked } = start();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.close(4001);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(revoked).toHaveBeenCalledOnce();
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('builds the ws address from a relative or absolute API base', () => {
    expect(noticeSocketUrl('/api', 'u1', 'tk', { protocol: 'https:', host: 'a.cn' })).toBe('wss://a.cn/api/websocket/u1?ticket=tk');
    expect(noticeSocketUrl('http://b.cn:8080/jeecg', 'u 2', 't/k', { protocol: 'https:', host: 'a.cn' })).toBe(
      'ws://b.cn:8080/jeecg/websocket/u%202?ticket=t%2Fk',
    );
  });
});
