import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MemorySharedState } from '../../server/core/shared-state';
import { TicketStore } from '../../server/modules/socket/tickets';
import { backends, startTestApp, type TestApp } from './support/app';

interface Client {
  ws: WebSocket;
  received: unknown[];
  closed: Promise<number>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(check: () => T | undefined, ms = 3000): Promise<T> {
  for (let waited = 0; waited < ms; waited += 20) {
    const value = check();
    if (value !== undefined) return value;
    await sleep(20);
  }
  throw new Error('timed out');
}

function connect(url: string, protocols?: string[]): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    const received: unknown[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (data) => received.push(JSON.parse(data.toString())));
    ws.on('open', () => resolve({ ws, received, closed }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', (err) => reject(err));
  });
}

describe.each(backends())('websockets on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let staff: string;
  let expert: string;
  const open: Client[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    staff = await t.login('staff');
    expert = await t.login('expert');
  });
  afterAll(async () => {
    for (const c of open) c.ws.terminate();
    await t?.close();
  });

  const ticket = async (token: string) => {
    const res = await t.request({ method: 'GET', url: '/api/sys/socket/ticket', token });
    return res.json().result.ticket as string;
  };
  const vxe = async (userId: string, pageId: string, token: string, extra = '') => {
    const c = await connect(`${base}/vxeSocket/${userId}/${pageId}?ticket=${await ticket(token)}${extra}`);
    open.push(c);
    return c;
  };
  const row = { id: 'r1', name: '张三', age: 30 };
  const update = (key: string, caseId = 'case-1') =>
    JSON.stringify({ type: 'update_vxe_table', data: { socketKey: key, args: [row, caseId] } });

  it('issues tickets to signed-in users only', async () => {
    expect(await ticket(staff)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const anonymous = await t.request({ method: 'GET', url: '/api/sys/socket/ticket' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('relays grid updates and common messages to the other sockets bound to the same key only', async () => {
    const a = await vxe('u_demo_staff', 'pageA', staff, '&socketKey=grid-orders');
    const b = await vxe('u_demo_staff', 'pageB', staff);
    const other = await vxe('u_demo_expert', 'pageC', expert, '&socketKey=grid-other');
    const unbound = await vxe('u_demo_expert', 'pageD', expert);
    b.ws.send(JSON.stringify({ type: 'bind', data: { socketKey: 'grid-orders' } }));
    await sleep(100);

    a.ws.send(update('grid-orders'));
    const got = await waitFor(() => b.received.find((m) => (m as { type: string }).type === 'update_vxe_table'));
    expect(got).toEqual({ type: 'update_vxe_table', data: { socketKey: 'grid-orders', args: [row, 'case-1'] } });

    b.ws.send(JSON.stringify({ type: 'common_send_date', data: { key: 'grid-orders', args: ['reload', 2] } }));
    const csd = await waitFor(() => a.received.find((m) => (m as { type: string }).type === 'common_send_date'));
    expect(csd).toEqual({ type: 'common_send_date', data: { key: 'grid-orders', args: ['reload', 2] } });

    await sleep(200);
    expect(other.received).toEqual([]);
    expect(unbound.received).toEqual([]);
    expect(a.received.filter((m) => (m as { type: string }).type === 'update_vxe_table')).toEqual([]);
  });

  it('relays common_send_date both ways between sockets bound to its key with {type:bind, data:{key}}', async () => {
    const a = await vxe('u_demo_staff', 'pageCsdA', staff);
    const b = await vxe('u_demo_expert', 'pageCsdB', expert);
    const bystander = await vxe('u_demo_staff', 'pageCsdC', staff);
    const bind = (c: Client, type = 'bind') => c.ws.send(JSON.stringify({ type, data: { key: 'csd-demo' } }));
    const csd = (args: unknown[]) => JSON.stringify({ type: 'common_send_date', data: { key: 'csd-demo', args } });
    const csdOf = (c: Client) => c.received.filter((m) => (m as { type: string }).type === 'common_send_date');
    bind(a);
    bind(b);
    await sleep(100);

    a.ws.send(csd(['from-a', 1]));
    expect(await waitFor(() => csdOf(b)[0])).toEqual({ type: 'common_send_date', data: { key: 'csd-demo', args: ['from-a', 1] } });
    b.ws.send(csd(['from-b', { n: 2 }]));
    expect(await waitFor(() => csdOf(a)[0])).toEqual({ type: 'common_send_date', data: { key: 'csd-demo', args: ['from-b', { n: 2 }] } });
    // a common key is not a grid key: grid updates on it go nowhere
    a.ws.send(update('csd-demo'));
    bind(b, 'unbind');
    await sleep(100);
    a.ws.send(csd(['after-unbind']));
    await sleep(200);
    expect(csdOf(a)).toHaveLength(1);
    expect(csdOf(b)).toHaveLength(1);
    expect(b.received.filter((m) => (m as { type: string }).type === 'update_vxe_table')).toEqual([]);
    expect(bystander.received).toEqual([]);
  });

  it('answers heartbeats, ignores malformed frames and keeps the socket open', async () => {
    const a = await vxe('u_demo_staff', 'pageH1', staff, '&socketKey=grid-h');
    const b = await vxe('u_demo_staff', 'pageH2', staff, '&socketKey=grid-h');
    for (const frame of [
      'not json',
      '[]',
      'null',
      '{"type":"update_vxe_table"}',
      '{"type":"update_vxe_table","data":{"socketKey":"grid-h","args":"x"}}',
      '{"type":"update_vxe_table","data":{"socketKey":"bad key!","args":[{"id":1}]}}',
      '{"type":"unknown","data":{}}',
      '{"type":"common_send_date","data":{"key":"grid-h"}}',
    ]) {
      a.ws.send(frame);
    }
    a.ws.send(JSON.stringify({ type: 'heart_beat', data: { date: Date.now() } }));
    expect(await waitFor(() => a.received[0])).toEqual({ type: 'heart_beat', data: true });
    await sleep(150);
    expect(b.received).toEqual([]);
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket that sends an oversized frame', async () => {
    const a = await vxe('u_demo_staff', 'pageBig', staff);
    a.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'k', args: [{ id: 1, text: 'x'.repeat(70 * 1024) }, 'c'] } }));
    expect(await a.closed).toBe(1009);
  });

  it('refuses missing, reused, foreign and forged tickets', async () => {
    await expect(connect(`${base}/vxeSocket/u_demo_staff/p1`)).rejects.toThrow('HTTP 401');
    await expect(connect(`${base}/vxeSocket/u_demo_staff/p1?ticket=forged-ticket-value-000000000000`)).rejects.toThrow('HTTP 401');
    const once = await ticket(staff);
    open.push(await connect(`${base}/vxeSocket/u_demo_staff/p1?ticket=${once}`));
    await expect(connect(`${base}/vxeSocket/u_demo_staff/p2?ticket=${once}`)).rejects.toThrow('HTTP 401');
    await expect(connect(`${base}/vxeSocket/u_demo_expert/p3?ticket=${await ticket(staff)}`)).rejects.toThrow('HTTP 401');
    await expect(connect(`${base}/websocket/u_demo_expert?ticket=${await ticket(staff)}`)).rejects.toThrow('HTTP 401');
  });

  it('signs in with the access token sent as Sec-WebSocket-Protocol, as JeecgBoot clients do, and echoes it back', async () => {
    const notices = await connect(`${base}/websocket/u_demo_staff`, [staff]);
    const grid = await connect(`${base}/vxeSocket/u_demo_staff/pTok`, [staff]);
    open.push(notices, grid);
    expect(notices.ws.protocol).toBe(staff);
    expect(grid.ws.protocol).toBe(staff);
    t.app.deps.notices.notifyUser('u_demo_staff', { cmd: 'user', msgId: 't1', msgTxt: '令牌登录' });
    expect(await waitFor(() => notices.received.find((m) => (m as { msgId?: string }).msgId === 't1'))).toEqual({
      cmd: 'user',
      msgId: 't1',
      msgTxt: '令牌登录',
    });
    // the same token opens any number of sockets, unlike a ticket
    open.push(await connect(`${base}/websocket/u_demo_staff`, [staff]));
  });

  it('refuses a token for another user’s path, a forged or signed-out token, and a token in the URL', async () => {
    await expect(connect(`${base}/websocket/u_demo_expert`, [staff])).rejects.toThrow('HTTP 401');
    await expect(connect(`${base}/vxeSocket/u_demo_expert/p1`, [staff])).rejects.toThrow('HTTP 401');
    await expect(connect(`${base}/websocket/u_demo_staff`, ['forgedTokenValue_0000000000000000000000000'])).rejects.toThrow('HTTP 401');
    await expect(connect(`${base}/websocket/u_demo_staff?token=${staff}`)).rejects.toThrow('HTTP 401');
    await expect(connect(`${base}/websocket/u_demo_staff?ticket=${staff}`)).rejects.toThrow('HTTP 401');
    const leaving = await t.login('staff');
    open.push(await connect(`${base}/websocket/u_demo_staff`, [leaving]));
    await t.request({ method: 'POST', url: '/api/sys/logout', token: leaving });
    await expect(connect(`${base}/websocket/u_demo_staff`, [leaving])).rejects.toThrow('HTTP 401');
  });

  it('expires tickets after 30 seconds', async () => {
    let now = 1_000;
    const store = new TicketStore(new MemorySharedState(() => now));
    const a = await store.issue('u1');
    const b = await store.issue('u1');
    now += 29_000;
    expect(await store.consume(a)).toBe('u1');
    expect(await store.consume(a)).toBeNull();
    now += 2_000;
    expect(await store.consume(b)).toBeNull();
  });

  it('pushes notices to one user or everyone and answers the notice heartbeat', async () => {
    const mine = await connect(`${base}/websocket/u_demo_staff`, [await ticket(staff)]);
    const theirs = await connect(`${base}/websocket/u_demo_expert?ticket=${await ticket(expert)}`);
    open.push(mine, theirs);
    t.app.deps.notices.notifyUser('u_demo_staff', { cmd: 'user', msgId: 'a1', msgTxt: '您有新的公告' });
    expect(await waitFor(() => mine.received[0])).toEqual({ cmd: 'user', msgId: 'a1', msgTxt: '您有新的公告' });
    t.app.deps.notices.notifyAll({ cmd: 'topic', msgId: 'a2', msgTxt: '系统通知' });
    expect(await waitFor(() => theirs.received[0])).toEqual({ cmd: 'topic', msgId: 'a2', msgTxt: '系统通知' });
    expect(theirs.received).toHaveLength(1);
    theirs.ws.send('HeartBeat');
    expect(await waitFor(() => theirs.received[1])).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    await sleep(100);
    expect(mine.received).toHaveLength(2);
  });
});
