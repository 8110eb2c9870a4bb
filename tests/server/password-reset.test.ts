import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, TEST_PASSWORDS, type TestApp } from './support/app';

describe.each(backends())('forgot password by mobile on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object) => t.request({ method: 'POST', url: `/api${url}`, payload }).then((r) => r.json());
  const lastCode = async (mobile: string) => {
    const row = await t.db
      .selectFrom('sys_sms_outbox')
      .select('content')
      .where('mobile', '=', mobile)
      .orderBy('create_time', 'desc')
      .executeTakeFirstOrThrow();
    return /(\d{6})/.exec(row.content)![1];
  };
  const changeByGet = (query: Record<string, string>) =>
    t.request({ method: 'GET', url: `/api/sys/user/passwordChange?${new URLSearchParams(query).toString()}` }).then((r) => r.json());

  it('exchanges the SMS code for the account and a one-time ticket, sets the new password once, and ends the old sessions', async () => {
    const oldToken = await t.login('company');
    expect(await post('/sys/sms', { mobile: '13800000004', smsmode: '2' })).toMatchObject({ success: true });
    const code = await lastCode('13800000004');

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await post('/sys/user/phoneVerification', { phone: '13800000004', smscode: wrong })).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });
    const verified = (await post('/sys/user/phoneVerification', { phone: '13800000004', smscode: code })) as {
      success: boolean;
      result: { username: string; smscode: string };
    };
    expect(verified).toMatchObject({ success: true, result: { username: 'company' } });
    expect(verified.result.smscode).toMatch(/^[0-9a-f]{32}$/);
    expect(await post('/sys/user/phoneVerification', { phone: '13800000004', smscode: code })).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });

    const ticket = verified.result.smscode;
    expect(await changeByGet({ username: 'company', password: 'weak', smscode: ticket, phone: '13800000004' })).toMatchObject({
      success: false,
      message: '密码由8位数字、大小写字母和特殊符号组成!',
    });
    expect(await changeByGet({ username: 'staff', password: 'New#pass2026', smscode: ticket, phone: '13800000004' })).toMatchObject({
      success: false,
      message: '验证已失效，请重新获取短信验证码',
    });
    expect(await changeByGet({ username: 'company', password: 'New#pass2026', smscode: ticket, phone: '13800000004' })).toMatchObject({
      success: true,
      message: '密码修改成功',
    });
    expect(await changeByGet({ username: 'company', password: 'Other#pass2026', smscode: ticket, phone: '13800000004' })).toMatchObject({
      success: false,
      message: '验证已失效，请重新获取短信验证码',
    });

    await expect(t.login('company', TEST_PASSWORDS.demo)).rejects.toThrow('login company failed');
    expect(await t.login('company', 'New#pass2026')).toMatch(/\S/);
    const stale = await t.request({ method: 'GET', url: '/api/sys/loginfo', token: oldToken });
    expect(stale.statusCode).toBe(401);
  });

  it('answers an unknown number like a wrong code, and refuses a made-up ticket', async () => {
    expect(await post('/sys/sms', { mobile: '13900000077', smsmode: '2' })).toMatchObject({ success: true });
    expect(await post('/sys/user/phoneVerification', { phone: '13900000077', smscode: '123456' })).toMatchObject({
      success: false,
      message: '手机验证码错误',
    });
    const made = await t.request({
      method: 'POST',
      url: '/api/sys/user/passwordChange',
      payload: { username: 'expert', password: 'New#pass2026', smscode: 'ab'.repeat(16), phone: '13800000003' },
    });
    expect(made.json()).toMatchObject({ success: false, message: '验证已失效，请重新获取短信验证码' });
  });
});
