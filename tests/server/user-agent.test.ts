import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('user agents (/sys/sysUserAgent, 用户管理 → 代理人) on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  interface AgentRow {
    id: string;
    userName: string;
    agentUserName: string;
    startTime: string;
    status: string;
    status_dictText: string;
  }
  type AgentResult = AgentRow & { total: number; records: AgentRow[] };
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => {
    const res = await t.request({ method, url: `/api${url}`, token, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: AgentResult } };
  };

  it('sets one agent per user, finds it by user name, edits it and refuses a second record for the same user', async () => {
    const agent = {
      userName: 'staff',
      agentUserName: 'expert',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-31 18:00:00',
      status: '1',
    };
    expect((await call('POST', '/sys/sysUserAgent/add', admin, agent)).body).toMatchObject({ success: true, message: '添加成功！' });
    const found = await call('GET', '/sys/sysUserAgent/list?userName=staff', admin);
    expect(found.body.result.total).toBe(1);
    // the 代理人 dialog finds the record by user name: part of a name must not find another user's agent
    expect((await call('GET', '/sys/sysUserAgent/list?userName=staf', admin)).body.result.total).toBe(0);
    const row = found.body.result.records[0];
    expect(row).toMatchObject({
      userName: 'staff',
      agentUserName: 'expert',
      startTime: '2026-12-01 09:00:00',
      status: '1',
      status_dictText: '有效',
    });
    expect((await call('PUT', '/sys/sysUserAgent/edit', admin, { id: row.id, agentUserName: 'company', status: '0' })).body.success).toBe(
      true,
    );
    expect((await call('GET', `/sys/sysUserAgent/queryById?id=${row.id}`, admin)).body.result).toMatchObject({
      agentUserName: 'company',
      status: '0',
    });
    const again = await call('POST', '/sys/sysUserAgent/add', admin, { ...agent, agentUserName: 'admin' });
    expect(again.body.success).toBe(false);
    expect(again.body.message).toContain('用户名');
  });

  it('names the missing field and refuses callers without the user:agent codes', async () => {
    const missing = await call('POST', '/sys/sysUserAgent/add', admin, {
      userName: 'expert',
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-02 09:00:00',
      status: '1',
    });
    expect(missing.body).toMatchObject({ success: false });
    expect(missing.body.message).toContain('代理人用户名');
    const staff = await t.login('staff');
    expect((await call('GET', '/sys/sysUserAgent/list?userName=staff', staff)).status).toBe(403);
    expect(
      (
        await call('POST', '/sys/sysUserAgent/add', staff, {
          userName: 'staff',
          agentUserName: 'staff',
          startTime: '2026-12-01 09:00:00',
          endTime: '2026-12-02 09:00:00',
        })
      ).status,
    ).toBe(403);
  });
});
