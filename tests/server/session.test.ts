import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMenuSeed } from '../../server/db/seed/menus';
import { backends, seededPassword, startTestApp, type TestApp } from './support/app';

interface Menu {
  name: string;
  path: string;
  route: string;
  component: string | null;
  hidden?: boolean;
  meta: Record<string, unknown>;
  children?: Menu[];
}

describe.each(backends())('session endpoints on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  const permissions = (token: string) => t.request({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token });

  it('logout revokes the token at once', async () => {
    const token = await t.login('staff');
    expect((await permissions(token)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/sys/logout', token });
    expect(out.json()).toMatchObject({ success: true, code: 200, message: '退出登录成功！', result: '退出登录成功！' });
    const after = await permissions(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Token失效，请重新登录!');
  });

  it('logout without a token or with an unknown one fails with the contract messages', async () => {
    expect((await t.request({ method: 'POST', url: '/api/sys/logout' })).json()).toMatchObject({
      success: false,
      message: '退出登录失败！',
    });
    expect((await t.request({ method: 'POST', url: '/api/sys/logout', token: 'x'.repeat(43) })).json()).toMatchObject({
      success: false,
      message: 'Token无效!',
    });
  });

  it('a token stops working after its 7-day lifetime', async () => {
    const token = await t.login('expert');
    await t.db
      .updateTable('sys_user_token')
      .set({ expire_time: new Date(Date.now() - 1000) })
      .where('username', '=', 'expert')
      .execute();
    expect((await permissions(token)).statusCode).toBe(401);
  });

  it('freezing a user stops its live tokens', async () => {
    const token = await t.login('company');
    await t.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'company').execute();
    try {
      const res = await permissions(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('账号已被锁定,请联系管理员!');
    } finally {
      await t.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'company').execute();
    }
  });

  it('gives the admin the whole menu tree in the contract shape', async () => {
    const res = await permissions(await t.login('admin'));
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 0, result: { sysSafeMode: false } });
    const menu = body.result.menu as Menu[];
    expect(menu[0]).toMatchObject({
      name: 'Analysis',
      path: '/dashboard/analysis',
      route: '1',
      component: 'dashboard/Analysis',
      meta: { title: '首页', icon: 'home', keepAlive: false, internalOrExternal: false, componentName: 'Analysis' },
    });
    const account = menu.find((m) => m.path === '/account')!;
    expect(account.hidden).toBe(true);
    expect(account.meta).toEqual({ hideMenu: true });
    expect(account.children!.map((c) => c.name)).toEqual(['account-center', 'account-settings-base', 'UserAnnouncementList']);
    const exception = menu.find((m) => m.path === '/exception')!;
    expect(exception.children!.map((c) => c.component)).toEqual(['exception/403', 'exception/404', 'exception/500']);
    expect(body.result.auth).toContainEqual({ action: 'dashboard:visit:view', type: '1', describe: '访问统计' });
    expect(body.result.allAuth).toContainEqual({ action: 'dashboard:visit:view', status: '1', type: '1', describe: '访问统计' });
  });

  it("gives a user with one role only that role's menus and buttons", async () => {
    const body = (await permissions(await t.login('expert'))).json();
    const granted = loadMenuSeed({}).filter((m) => m.roles.includes('xypj_expert'));
    const expectedTop = granted
      .filter((m) => !m.parentId && m.menuType !== 2)
      .sort((a, b) => a.sortNo - b.sortNo)
      .map((m) => m.url);
    const paths = (body.result.menu as Menu[]).map((m) => m.path);
    expect(paths).toEqual(expectedTop);
    expect(paths).toContain('/dashboard/analysis');
    expect(paths).not.toContain('/exception');
    const actions = (body.result.auth as Array<{ action: string }>).map((a) => a.action).sort();
    expect(actions).toEqual(
      granted
        .filter((m) => m.menuType === 2)
        .map((m) => m.perms)
        .sort(),
    );
    expect(actions).not.toContain('dashboard:visit:view');
    expect(body.result.allAuth.length).toBeGreaterThan(0);
  });

  it("lists the current user's departments and switches among them", async () => {
    const token = await t.login('staff');
    const departs = (await t.request({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', token })).json();
    expect(departs.result.list.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01A01', 'A01A03']);
    expect(departs.result.orgCode).toBe('A01A01');
    const put = await t.request({ method: 'PUT', url: '/api/sys/selectDepart', token, payload: { orgCode: 'A01A03', username: 'staff' } });
    expect(put.json()).toMatchObject({ success: true, result: { userInfo: { username: 'staff', orgCode: 'A01A03' } } });
    const post = await t.request({ method: 'POST', url: '/api/sys/selectDepart', token, payload: { orgCode: 'A01A01', username: '' } });
    expect(post.json().result.userInfo.orgCode).toBe('A01A01');
  });

  it("refuses a department the user does not belong to, and another user's switch", async () => {
    const token = await t.login('staff');
    const foreign = await t.request({ method: 'PUT', url: '/api/sys/selectDepart', token, payload: { orgCode: 'A02' } });
    expect(foreign.json()).toMatchObject({ success: false, message: '您不属于该部门，无法切换！' });
    const other = await t.request({
      method: 'PUT',
      url: '/api/sys/selectDepart',
      token,
      payload: { orgCode: 'A01A01', username: 'admin' },
    });
    expect(other.json()).toMatchObject({ success: false, message: '只允许切换自己的部门！' });
  });

  it("checks the tenant-id header against the user's tenants", async () => {
    const token = await t.login('admin');
    const call = (tenant: string) =>
      t.request({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', token, headers: { 'tenant-id': tenant } });
    expect((await call('1')).statusCode).toBe(200);
    expect((await call('0')).statusCode).toBe(200);
    const wrong = await call('2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('用户租户信息变更,请重新登陆!');
    const expert = await t.login('expert');
    const noTenants = await t.request({
      method: 'GET',
      url: '/api/sys/user/getCurrentUserDeparts',
      token: expert,
      headers: { 'tenant-id': '2' },
    });
    expect(noTenants.statusCode).toBe(200);
  });
});

describe.each(backends())('updatePassword on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  const update = (token: string, payload: Record<string, string>, method: 'PUT' | 'POST' = 'PUT') =>
    t
      .request({ method, url: '/api/sys/user/updatePassword', token, payload })
      .then((r) => r.json() as { success: boolean; message: string });

  it('answers the spec messages for missing and mismatched fields', async () => {
    const token = await t.login('company');
    const base = { username: 'company', oldpassword: seededPassword('company'), password: 'New#pass2024', confirmpassword: 'New#pass2024' };
    expect((await update(token, { ...base, oldpassword: '' })).message).toBe('请输入旧密码!');
    expect((await update(token, { ...base, password: '' })).message).toBe('请输入新密码!');
    expect((await update(token, { ...base, confirmpassword: '' })).message).toBe('请确认新密码!');
    expect((await update(token, { ...base, confirmpassword: 'Other#pass2024' })).message).toBe('两次输入的密码不一样！');
    expect((await update(token, { ...base, oldpassword: 'Wrong#pass2024' })).message).toBe('旧密码输入错误!');
    expect((await update(token, { ...base, password: 'short', confirmpassword: 'short' })).message).toBe(
      '密码由8位数字、大小写字母和特殊符号组成!',
    );
    expect((await update(token, { ...base, username: 'admin' })).message).toBe('只允许修改自己的密码！');
  });

  it('needs a signed-in user', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/sys/user/updatePassword',
      payload: { oldpassword: 'a', password: 'b', confirmpassword: 'b' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const other = await t.login('expert');
    const token = await t.login('expert');
    const res = await update(
      token,
      { username: 'expert', oldpassword: seededPassword('expert'), password: 'New#pass2024', confirmpassword: 'New#pass2024' },
      'POST',
    );
    expect(res).toMatchObject({ success: true, message: '密码修改成功！' });
    const still = await t.request({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', token });
    expect(still.statusCode).toBe(200);
    const revoked = await t.request({ method: 'GET', url: '/api/sys/user/getCurrentUserDeparts', token: other });
    expect(revoked.statusCode).toBe(401);
    await expect(t.login('expert', seededPassword('expert'))).rejects.toThrow('用户名或密码错误');
    expect(typeof (await t.login('expert', 'New#pass2024'))).toBe('string');
  });
});
