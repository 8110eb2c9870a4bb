import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

interface Row {
  username: string;
  realname: string;
  workNo: string;
  departName: string | null;
  phone: string;
  email: string;
  password?: string;
  salt?: string;
}

describe.each(backends())('通讯录 queryByOrgCodeForAddressList on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/sys/user/queryByOrgCodeForAddressList${url}`, token });

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await t.login('admin');
    staff = await t.login('staff');
  });
  afterAll(() => t?.close());

  it('pages every user with departName joined by " | ", without secrets', async () => {
    const res = (await get('?pageNo=1&pageSize=100', admin)).json();
    expect(res).toMatchObject({ success: true });
    const rows = res.result.records as Row[];
    const byName = new Map(rows.map((r) => [r.username, r]));
    expect(byName.get('staff')).toMatchObject({
      realname: '评价办工作人员',
      workNo: '00002',
      departName: '信用评价办公室 | 综合部',
      phone: '13800000002',
      email: 'staff@example.com',
    });
    expect(byName.get('admin')?.departName).toBe('省工程建设监理协会');
    expect(rows.some((r) => r.password !== undefined || r.salt !== undefined)).toBe(false);
    expect(rows.map((r) => r.username)).not.toContain('_reserve_user_external');
  });

  it('restricts to a department and those below it by org code', async () => {
    const under = ((await get('?orgCode=A01&pageSize=100', admin)).json().result.records as Row[]).map((r) => r.username);
    expect(under).toEqual(expect.arrayContaining(['admin', 'staff', 'expert']));
    expect(under).not.toContain('company');
    const office = ((await get('?orgCode=A01A03&pageSize=100', admin)).json().result.records as Row[]).map((r) => r.username);
    expect(office).toEqual(['staff']);
    expect((await get(`?orgCode=${encodeURIComponent("A01%' or '1'='1")}`, admin)).statusCode).toBe(400);
  });

  it('queries by 姓名 and 工号 (contains)', async () => {
    const named = (await get(`?realname=${encodeURIComponent('专家')}&pageSize=100`, admin)).json().result.records as Row[];
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((r) => r.realname.includes('专家'))).toBe(true);
    const numbered = (await get('?workNo=0004&pageSize=100', admin)).json().result.records as Row[];
    expect(numbered.map((r) => r.username)).toEqual(['company']);
    const both = (await get(`?orgCode=A01&workNo=0004`, admin)).json().result;
    expect(both.records).toEqual([]);
    expect(both.total).toBe(0);
  });

  it('needs the 通讯录 permission (addressList:list)', async () => {
    const denied = await get('?pageSize=10', staff);
    expect(denied.json()).toMatchObject({ success: false });
    expect(JSON.stringify(denied.json())).not.toContain('13800000001');
    const anonymous = await t.request({ method: 'GET', url: '/api/sys/user/queryByOrgCodeForAddressList' });
    expect(anonymous.statusCode).not.toBe(200);
  });
});
