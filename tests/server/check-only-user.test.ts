import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('checkOnlyUser for the register page on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const check = async (query: string, token?: string) => {
    const res = await t.request({ method: 'GET', url: `/api/sys/user/checkOnlyUser?${query}`, ...(token ? { token } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: unknown } };
  };

  beforeAll(async () => {
    t = await startTestApp(backend, {
      rateLimits: {
        login: { max: 1000, windowMs: 60_000 },
        captcha: { max: 1000, windowMs: 60_000 },
        sms: { max: 1000, windowMs: 60_000 },
        register: { max: 12, windowMs: 60_000 },
        certCheck: { max: 1000, windowMs: 60_000 },
      },
    });
    admin = await t.login('admin');
  });
  afterAll(() => t?.close());

  it('tells an anonymous caller only whether a username, phone or email is taken', async () => {
    expect((await check('username=staff')).body).toMatchObject({ success: false, message: '用户名已存在!', result: null });
    expect((await check('username=nobody_here')).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check('phone=13800000002')).body).toMatchObject({ success: false, message: '手机号已存在!' });
    expect((await check('email=staff@example.com')).body).toMatchObject({ success: false, message: '邮箱已存在!' });
    expect((await check('')).body).toMatchObject({ success: false, message: '请输入要校验的值' });
  });

  it('refuses the administrator-only questions anonymously (work number, excluding an id) and with a token lacking user:add/edit', async () => {
    const staffId = (await t.db.selectFrom('sys_user').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow()).id;
    expect((await check('workNo=00001')).status).toBe(403);
    expect((await check(`username=staff&id=${staffId}`)).status).toBe(403);
    expect((await check('workNo=00001', await t.login('expert'))).status).toBe(403);
    expect((await check('username=staff', 'not-a-token')).body).toMatchObject({ success: false, message: '用户名已存在!' });
  });

  it('keeps the form variant for a signed-in administrator', async () => {
    const staffId = (await t.db.selectFrom('sys_user').select('id').where('username', '=', 'staff').executeTakeFirstOrThrow()).id;
    expect((await check('workNo=00001', admin)).body).toMatchObject({ success: false, message: '工号已存在!' });
    expect((await check(`username=staff&id=${staffId}`, admin)).body).toMatchObject({ success: true, message: '该值可用！' });
  });

  it('is rate limited per client with 429', async () => {
    let last = 0;
    for (let i = 0; i < 15 && last !== 429; i++) last = (await check(`username=probe${i}`)).status;
    expect(last).toBe(429);
    const refused = await check('username=staff');
    expect(refused).toMatchObject({ status: 429, body: { success: false, message: '请求过于频繁，请稍后再试' } });
  });

  it('counts a signed-in caller per user: an office sharing one address is not refused for the anonymous traffic', async () => {
    for (let i = 0; i < 15; i++) await check(`username=probe-more${i}`);
    expect((await check('username=staff')).status).toBe(429);
    expect((await check('username=staff', 'not-a-token')).status).toBe(429);
    const answered = await check('username=staff', admin);
    expect(answered).toMatchObject({ status: 200, body: { success: false, message: '用户名已存在!' } });
    let last = 0;
    for (let i = 0; i < 15 && last !== 429; i++) last = (await check(`username=admin-probe${i}`, admin)).status;
    expect(last).toBe(429);
  });
});
