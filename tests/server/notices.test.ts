import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { backends, startTestApp, type TestApp } from './support/app';
import { caller, type Caller } from './support/xypj';

interface Client {
  ws: WebSocket;
  received: Array<{ cmd?: string; msgId?: string; msgTxt?: string }>;
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

function connect(url: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const received: Client['received'] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (data) => received.push(JSON.parse(data.toString())));
    ws.on('open', () => resolve({ ws, received, closed }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', (err) => reject(err));
  });
}

const STAFF = 'u_demo_staff';
const EXPERT = 'u_demo_expert';

describe.each(backends())('announcements and online users on %s', (backend) => {
  let t: TestApp;
  let base: string;
  let admin: Caller;
  let staff: Caller;
  let expert: Caller;
  let staffToken: string;
  const sockets: Client[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    admin = caller(t, await t.login('admin'));
    staffToken = await t.login('staff');
    staff = caller(t, staffToken);
    expert = caller(t, await t.login('expert'));
  });
  afterAll(async () => {
    for (const c of sockets) c.ws.terminate();
    await t?.close();
  });

  const noticeSocket = async (userId: string, who: Caller) => {
    const ticket = (await who.get('/sys/socket/ticket')).result.ticket as string;
    const c = await connect(`${base}/websocket/${userId}?ticket=${ticket}`);
    sockets.push(c);
    return c;
  };
  const addAnnouncement = async (body: Record<string, unknown>) => {
    const titile = String(body.titile);
    const res = await admin.post('/sys/annountCement/add', {
      msgCategory: '1',
      msgAbstract: '摘要',
      endTime: '2099-12-31 00:00:00',
      priority: 'M',
      msgType: 'ALL',
      ...body,
    });
    expect(res).toMatchObject({ success: true });
    const [row] = (await admin.get(`/sys/annountCement/list?titile=${encodeURIComponent(titile)}`)).result.records;
    return row as { id: string; sendStatus: string; msgContent: string };
  };

  it('seeds two published announcements for everyone and a draft', async () => {
    const all = (await admin.get('/sys/annountCement/list?pageSize=50')).result.records as Array<{ sendStatus: string }>;
    expect(all.map((r) => r.sendStatus).sort()).toEqual(['0', '1', '1']);
    const unread = (await expert.get('/sys/annountCement/listByUser')).result;
    expect(unread).toMatchObject({ anntMsgTotal: 1, sysMsgTotal: 1 });
    expect(unread.anntMsgList[0]).toMatchObject({ titile: '关于年度信用评价申报工作的通知', priority: 'H', readFlag: '0' });
  });

  it('stores announcement HTML without scripts or event handlers, on add and on edit', async () => {
    const row = await addAnnouncement({
      titile: '安全测试通告',
      msgContent: '<p>正文<strong>加粗</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
    });
    expect(row.msgContent).toContain('<p>正文<strong>加粗</strong></p>');
    expect(row.msgContent).not.toMatch(/script|onerror/);
    expect(row.sendStatus).toBe('0');
    expect(
      await admin.put('/sys/annountCement/edit', {
        id: row.id,
        msgContent: '<p onclick="x()">改</p><iframe src="https://evil"></iframe>',
        sendStatus: '1',
      }),
    ).toMatchObject({ success: true });
    const again = (await admin.get(`/sys/annountCement/queryById?id=${row.id}`)).result;
    expect(again).toMatchObject({ msgContent: '<p>改</p>', sendStatus: '0' });
  });

  it('refuses 指定用户 without users and keeps announcements away from users without the permission', async () => {
    expect(
      await admin.post('/sys/annountCement/add', {
        titile: '无用户',
        msgCategory: '1',
        msgAbstract: 'x',
        endTime: '2099-12-31 00:00:00',
        priority: 'L',
        msgType: 'USER',
        userIds: '',
      }),
    ).toMatchObject({ success: false, message: '指定用户不能为空！' });
    const base = {
      titile: '去处理',
      msgCategory: '1',
      msgAbstract: 'x',
      endTime: '2099-12-31 00:00:00',
      priority: 'L',
      msgType: 'ALL',
      openType: 'url',
    };
    for (const openPage of ['https://evil.example', '//evil.example', 'javascript:alert(1)', '']) {
      expect(await admin.post('/sys/annountCement/add', { ...base, openPage })).toMatchObject({
        success: false,
        message: '处理页面应为以 / 开头的系统内页面地址',
      });
    }
    expect(await admin.post('/sys/annountCement/add', { ...base, openPage: '/xypj/application' })).toMatchObject({ success: true });
    expect(await staff.status('GET', '/sys/annountCement/list')).toBe(403);
    expect(await staff.status('POST', '/sys/annountCement/add', { titile: 'x' })).toBe(403);
    expect(await staff.status('GET', '/sys/annountCement/doReleaseData?id=sys_annt_3')).toBe(403);
  });

  it('发布 to chosen users pushes to their sockets at once, only they see it, and read state is per user', async () => {
    const staffSocket = await noticeSocket(STAFF, staff);
    const expertSocket = await noticeSocket(EXPERT, expert);
    const row = await addAnnouncement({ titile: '给工作人员的通知', msgType: 'USER', userIds: STAFF, msgContent: '<p>请处理</p>' });
    expect(await admin.get(`/sys/annountCement/doReleaseData?id=${row.id}`)).toMatchObject({ success: true });
    expect(await admin.get(`/sys/annountCement/doReleaseData?id=${row.id}`)).toMatchObject({ success: false, message: '该通告已发布' });
    const pushed = await waitFor(() => staffSocket.received.find((m) => m.msgId === row.id));
    expect(pushed).toMatchObject({ cmd: 'user', msgTxt: '给工作人员的通知' });
    await sleep(100);
    expect(expertSocket.received.find((m) => m.msgId === row.id)).toBeUndefined();

    const before = (await staff.get('/sys/annountCement/listByUser')).result;
    expect(before.anntMsgList.map((m: { titile: string }) => m.titile)).toContain('给工作人员的通知');
    const expertView = (await expert.get('/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=50')).result.records as Array<{
      anntId: string;
    }>;
    expect(expertView.map((m) => m.anntId)).not.toContain(row.id);

    expect(await staff.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: row.id })).toMatchObject({ success: true });
    const after = (await staff.get('/sys/annountCement/listByUser')).result;
    expect(after.anntMsgTotal).toBe(before.anntMsgTotal - 1);
    const mine = (await staff.get('/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=1')).result.records;
    expect(mine).toEqual([
      expect.objectContaining({ anntId: row.id, readFlag: '1', readFlag_dictText: '已读', sender: expect.any(String) }),
    ]);
    expect(await expert.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: row.id })).toMatchObject({
      success: false,
      message: '未找到对应通告',
    });

    expect(await admin.post('/sys/annountCement/edit', { id: row.id, titile: '改' })).toMatchObject({
      success: false,
      message: '已发布的通告不能编辑，请先撤销',
    });
    expect(await admin.del(`/sys/annountCement/delete?id=${row.id}`)).toMatchObject({
      success: false,
      message: '已发布的通告不能删除，请先撤销',
    });
    expect(await admin.get(`/sys/annountCement/doReovkeData?id=${row.id}`)).toMatchObject({ success: true });
    const revoked = (await admin.get(`/sys/annountCement/queryById?id=${row.id}`)).result;
    expect(revoked.sendStatus).toBe('2');
    expect(revoked.cancelTime).toBeTruthy();
    expect(
      (await staff.get('/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=50')).result.records.map(
        (m: { anntId: string }) => m.anntId,
      ),
    ).not.toContain(row.id);
  });

  it('发布 to all users pushes a topic to everyone; 全部已读 empties the bell of the caller only', async () => {
    const expertSocket = await noticeSocket(EXPERT, expert);
    const row = await addAnnouncement({ titile: '全体通知', msgCategory: '2' });
    expect(await admin.post('/sys/annountCement/doReleaseData', { id: row.id })).toMatchObject({ success: true });
    expect(await waitFor(() => expertSocket.received.find((m) => m.msgId === row.id))).toMatchObject({ cmd: 'topic', msgTxt: '全体通知' });
    expect((await expert.get('/sys/annountCement/listByUser')).result.sysMsgList.map((m: { titile: string }) => m.titile)).toContain(
      '全体通知',
    );
    expect(await expert.put('/sys/sysAnnouncementSend/readAll', {})).toMatchObject({ success: true });
    expect((await expert.get('/sys/annountCement/listByUser')).result).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0 });
    expect((await staff.get('/sys/annountCement/listByUser')).result.sysMsgList.map((m: { titile: string }) => m.titile)).toContain(
      '全体通知',
    );
  });

  it('lists live sessions and 强制退出 revokes one at once: its next request is 401 and its socket closes', async () => {
    expect(await staff.status('GET', '/sys/online/list')).toBe(403);
    const list = (await admin.get('/sys/online/list?pageSize=100')).result;
    const staffSessions = list.records.filter((r: { username: string }) => r.username === 'staff');
    expect(staffSessions.length).toBeGreaterThan(0);
    expect(list.records.some((r: { username: string; current: boolean }) => r.username === 'admin' && r.current)).toBe(true);
    expect(JSON.stringify(list)).not.toContain(staffToken);
    const session = staffSessions[0] as { id: string; ip: string; loginTime: string };
    expect(session.loginTime).toBeTruthy();

    const socket = await noticeSocket(STAFF, staff);
    expect(await admin.post('/sys/online/forceLogout', { id: session.id })).toMatchObject({ success: true });
    expect(await socket.closed).toBe(4001);
    expect(await staff.status('GET', '/sys/annountCement/listByUser')).toBe(401);
    expect(await admin.post('/sys/online/forceLogout', { id: session.id })).toMatchObject({ success: false, message: '该用户已不在线' });
    expect(await expert.status('POST', '/sys/online/forceLogout', { id: session.id })).toBe(403);
    const leaving = caller(t, await t.login('staff'));
    const leavingSocket = await noticeSocket(STAFF, leaving);
    const other = await noticeSocket(STAFF, caller(t, await t.login('staff')));
    expect(await leaving.post('/sys/logout', {})).toMatchObject({ success: true });
    expect(await leavingSocket.closed).toBe(4001);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    const logged = await t.db.selectFrom('sys_log').select('log_content').where('log_content', 'like', '%强制退出用户 staff%').execute();
    expect(logged).toHaveLength(1);
  });
});
