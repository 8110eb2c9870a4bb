import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { caller, lastSmsCode } from './support/xypj';

describe.each(backends())('password recovery by mobile on %s', (backend) => {
  let t: TestApp;
  const phone = '13800000004';
  const anonymous = () => caller(t);

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  it('refuses a wrong code, then exchanges the right one for a single-use ticket that sets the password', async () => {
    const before = await t.login('company');
    expect(await anonymous().post('/sys/user/phoneVerification', { phone, smscode: '000000' })).toMatchObject({ success: false, message: '短信验证码错误或已过期' });
    expect(await anonymous().post('/sys/sms', { mobile: phone, smsmode: '2' })).toMatchObject({ success: true });
    const code = await lastSmsCode(t, phone);
    const verified = await anonymous().post('/sys/user/phoneVerification', { phone, smscode: code });
    expect(verified).toMatchObject({ success: true, result: { username: 'company' } });
    expect(await anonymous().post('/sys/user/phoneVerification', { phone, smscode: code })).toMatchObject({ success: false, message: '短信验证码错误或已过期' });
    const ticket = verified.result.smscode as string;
    expect(ticket).not.toBe(code);

    const change = (password: string, smscode = ticket, username = 'company') =>
      anonymous().get(`/sys/user/passwordChange?${new URLSearchParams({ username, password, smscode, phone })}`);
    expect(await change('weak')).toMatchObject({ success: false, message: '密码由8位数字、大小写字母和特殊符号组成!' });
    expect(await change('Reset#2024', ticket, 'staff')).toMatchObject({ success: false, message: '验证已失效，请重新获取短信验证码' });
    expect(await change('Reset#2024')).toMatchObject({ success: true, message: '密码重置成功!' });
    expect(await change('Again#2024')).toMatchObject({ success: false, message: '验证已失效，请重新获取短信验证码' });

    expect((await t.request({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', token: before })).statusCode).toBe(401);
    expect(typeof (await t.login('company', 'Reset#2024'))).toBe('string');
  });
});
