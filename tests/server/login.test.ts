import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, seededPassword, startTestApp, type TestApp } from './support/app';

describe.each(backends())('POST /sys/login on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  async function attempt(username: string, password: string, captcha?: { checkKey: string; answer: string }) {
    const c = captcha ?? (await t.captcha());
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username, password, captcha: c.answer, checkKey: c.checkKey, remember_me: true },
    });
    return { status: res.statusCode, body: res.json() };
  }

  it('signs in with the contract result shape and never returns the password', async () => {
    const { status, body } = await attempt('admin', seededPassword('admin'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const r = body.result;
    expect(typeof r.token).toBe('string');
    expect(r.userInfo).toMatchObject({ username: 'admin', realname: '管理员', orgCode: 'A01', status: 1, delFlag: 0 });
    expect(r.userInfo.password).toBeUndefined();
    expect(r.userInfo.salt).toBeUndefined();
    expect(r.userInfo.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(r.multi_depart).toBe(1);
    expect(r.departs[0]).toMatchObject({ orgCode: 'A01', departName: '省工程建设监理协会' });
    expect(r.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    expect(r.sysAllDictItems.priority.map((i: { value: string }) => i.value)).toEqual(['L', 'M', 'H']);
    expect(r.tenantList).toEqual([expect.objectContaining({ id: 1, status: 1 })]);
    expect(JSON.stringify(body)).not.toMatch(/scrypt/);
  });

  it('reports several departments and tenants for the staff user', async () => {
    const { body } = await attempt('staff', seededPassword('staff'));
    expect(body.result.multi_depart).toBe(2);
    expect(body.result.departs.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01A01', 'A01A03']);
    expect(body.result.tenantList.map((x: { id: number }) => x.id)).toEqual([1, 2]);
  });

  it('gives one message for a wrong password and an unknown user', async () => {
    const wrong = await attempt('company', 'Not-the-password1');
    const unknown = await attempt('nobody_here', 'Not-the-password1');
    expect(wrong.body).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
    expect(unknown.body).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
  });

  it('answers 412 验证码错误 for a wrong captcha and 验证码无效 for a missing one', async () => {
    const c = await t.captcha();
    const wrong = await attempt('admin', seededPassword('admin'), { checkKey: c.checkKey, answer: 'zzzz' });
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误' });
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'admin', password: seededPassword('admin') },
    });
    expect(res.json()).toMatchObject({ success: false, code: 412, message: '验证码无效' });
  });

  it('accepts the captcha in any case', async () => {
    const c = await t.captcha();
    const { body } = await attempt('expert', seededPassword('expert'), { checkKey: c.checkKey, answer: c.answer.toUpperCase() });
    expect(body.success).toBe(true);
  });

  it('uses a captcha once: the second try with the same answer is 验证码无效', async () => {
    const c = await t.captcha();
    expect((await attempt('admin', 'Wrong#pass1', c)).body.message).toBe('用户名或密码错误');
    expect((await attempt('admin', seededPassword('admin'), c)).body).toMatchObject({ code: 412, message: '验证码无效' });
  });

  it('refuses a captcha older than 60 seconds', async () => {
    const c = await t.captcha();
    await t.db
      .updateTable('sys_captcha')
      .set({ expire_time: sql<Date>`now() - interval '1 second'` })
      .where('check_key', '=', c.checkKey)
      .execute();
    expect((await attempt('admin', seededPassword('admin'), c)).body).toMatchObject({ code: 412, message: '验证码无效' });
  });

  it('tells the login page whether it asks for a captcha', async () => {
    expect((await t.request({ method: 'GET', url: '/api/sys/loginSettings' })).json()).toMatchObject({
      success: true,
      result: { captcha: true },
    });
  });

  it('never exposes the captcha answer: the image is an SVG data URL with code 0', async () => {
    const res = await t.request({ method: 'GET', url: '/api/sys/randomImage/abc123' });
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 0 });
    expect(body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    const row = await t.db.selectFrom('sys_captcha').select('answer').where('check_key', '=', 'abc123').executeTakeFirstOrThrow();
    expect(res.body).not.toContain(`"${row.answer}"`);
  });

  it('refuses a frozen user with its own message, after the password is checked', async () => {
    await t.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'company').execute();
    try {
      expect((await attempt('company', seededPassword('company'))).body.message).toBe('该用户已冻结');
      expect((await attempt('company', 'Wrong#pass1')).body.message).toBe('用户名或密码错误');
    } finally {
      await t.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'company').execute();
      await t.db.deleteFrom('sys_login_attempt').execute();
    }
  });

  it('refuses a user whose tenants are all frozen', async () => {
    await t.db.updateTable('sys_tenant').set({ status: 0 }).where('id', '=', 1).execute();
    try {
      expect((await attempt('admin', seededPassword('admin'))).body.message).toBe('与该用户关联的租户均已被冻结，无法登录！');
    } finally {
      await t.db.updateTable('sys_tenant').set({ status: 1 }).where('id', '=', 1).execute();
    }
  });

  it('writes a login log for a successful sign-in', async () => {
    await attempt('expert', seededPassword('expert'));
    const log = await t.db
      .selectFrom('sys_log')
      .select(['log_content', 'username'])
      .where('log_type', '=', 1)
      .where('username', '=', 'expert')
      .orderBy('create_time', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.log_content).toBe('用户名: expert,登录成功！');
  });
});

describe.each(backends())('lockout on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  async function attempt(username: string, password: string) {
    const c = await t.captcha();
    const res = await t.request({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username, password, captcha: c.answer, checkKey: c.checkKey },
    });
    return res.json().message as string;
  }

  it('locks an account for 10 minutes after 5 failures, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect(await attempt('expert', `Wrong#pass${i}`)).toBe('用户名或密码错误');
    expect(await attempt('expert', seededPassword('expert'))).toBe('登录失败次数过多，账号已锁定，请10分钟后再试');
    const row = await t.db
      .selectFrom('sys_login_attempt')
      .select('locked_until')
      .where('username', '=', 'expert')
      .executeTakeFirstOrThrow();
    const minutes = (row.locked_until!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it('behaves the same for an unknown user name', async () => {
    for (let i = 0; i < 5; i++) expect(await attempt('ghost_user', `Wrong#pass${i}`)).toBe('用户名或密码错误');
    expect(await attempt('ghost_user', 'Any#pass1')).toBe('登录失败次数过多，账号已锁定，请10分钟后再试');
  });

  it('lets the user in again once the lock has passed', async () => {
    await t.db
      .updateTable('sys_login_attempt')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('username', '=', 'expert')
      .execute();
    expect(await attempt('expert', seededPassword('expert'))).toBe('登录成功');
  });

  it('applies with the captcha turned off', async () => {
    const off = await startTestApp(backend, { loginCaptcha: false });
    try {
      expect((await off.request({ method: 'GET', url: '/api/sys/loginSettings' })).json()).toMatchObject({
        success: true,
        result: { captcha: false },
      });
      const post = (password: string) =>
        off
          .request({ method: 'POST', url: '/api/sys/login', payload: { username: 'staff', password } })
          .then((r) => r.json().message as string);
      expect(await post(seededPassword('staff'))).toBe('登录成功');
      for (let i = 0; i < 5; i++) expect(await post(`Wrong#pass${i}`)).toBe('用户名或密码错误');
      expect(await post(seededPassword('staff'))).toBe('登录失败次数过多，账号已锁定，请10分钟后再试');
    } finally {
      await off.close();
    }
  });
});
