import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';

describe.each(backends())('SMS sign-in on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  const sms = (mobile: string, smsmode = '0') =>
    t.request({ method: 'POST', url: '/api/sys/sms', payload: { mobile, smsmode } }).then((r) => r.json());
  const phoneLogin = (mobile: string, captcha: string) =>
    t.request({ method: 'POST', url: '/api/sys/phoneLogin', payload: { mobile, captcha } }).then((r) => r.json());
  const lastCode = async (mobile: string) => {
    const row = await t.db
      .selectFrom('sys_sms_outbox')
      .select('content')
      .where('mobile', '=', mobile)
      .orderBy('create_time', 'desc')
      .executeTakeFirstOrThrow();
    return /(\d{6})/.exec(row.content)![1];
  };

  it('sends a code to the outbox, never in the answer, and signs in with it once', async () => {
    const sent = await sms('13800000003');
    expect(sent).toMatchObject({ success: true, code: 0 });
    const code = await lastCode('13800000003');
    expect(JSON.stringify(sent)).not.toContain(code);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await phoneLogin('13800000003', wrongCode)).toMatchObject({ success: false, message: '手机验证码错误' });
    const ok = await phoneLogin('13800000003', code);
    expect(ok).toMatchObject({ success: true, code: 200, message: '登录成功', result: { userInfo: { username: 'expert' } } });
    expect(await phoneLogin('13800000003', code)).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('asks to wait before sending again to the same number', async () => {
    await sms('13800000004');
    expect(await sms('13800000004')).toMatchObject({ success: false, message: '验证码已发送，请60秒后再试' });
  });

  it('answers an unknown number like a known one but sends nothing', async () => {
    expect(await sms('13900000009')).toMatchObject({ success: true, code: 0 });
    const rows = await t.db.selectFrom('sys_sms_outbox').select('id').where('mobile', '=', '13900000009').execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses registration codes for a registered number and bad numbers', async () => {
    expect(await sms('13800000002', '1')).toMatchObject({ success: false, message: '该手机号已经注册，请直接登录！' });
    const bad = await t.request({ method: 'POST', url: '/api/sys/sms', payload: { mobile: "1380000'or1", smsmode: '0' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('手机号格式不正确');
  });

  it('voids a code after five wrong tries', async () => {
    await sms('13800000001');
    const code = await lastCode('13800000001');
    for (let i = 0; i < 5; i++) await phoneLogin('13800000001', code === '999999' ? '888888' : '999999');
    expect(await phoneLogin('13800000001', code)).toMatchObject({ success: false, message: '手机验证码错误' });
  });
});

describe.each(backends())('dictionaries on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  it('gives the items of a plain dictionary to a signed-in user', async () => {
    const token = await t.login('company');
    const res = await t.request({ method: 'GET', url: '/api/sys/dict/getDictItems/user_status', token });
    expect(res.json()).toMatchObject({
      success: true,
      result: [
        { value: '1', text: '正常' },
        { value: '2', text: '冻结' },
      ],
    });
    const unknown = await t.request({ method: 'GET', url: '/api/sys/dict/getDictItems/no_such_dict', token });
    expect(unknown.json().result).toEqual([]);
  });

  it('gives the items of a registered table dictionary and refuses an unregistered one', async () => {
    const token = await t.login('admin');
    const roles = await t.request({
      method: 'GET',
      url: `/api/sys/dict/getDictItems/${encodeURIComponent('sys_role,role_name,role_code')}`,
      token,
    });
    expect(roles.json().result).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'admin' })]));
    const hostile = await t.request({
      method: 'GET',
      url: `/api/sys/dict/getDictItems/${encodeURIComponent('pg_shadow,passwd,usename')}`,
      token,
    });
    expect(hostile.json().success).toBe(false);
    expect(hostile.body).not.toMatch(/pg_shadow|passwd|syntax|relation/i);
  });

  it('refuses anonymous callers', async () => {
    expect((await t.request({ method: 'GET', url: '/api/sys/dict/getDictItems/sex' })).statusCode).toBe(401);
  });

  it('answers queryAllDictItems and refleshCache as the contract does', async () => {
    const token = await t.login('company');
    const all = (await t.request({ method: 'GET', url: '/api/sys/dict/queryAllDictItems', token })).json();
    expect(Object.keys(all.result)).toEqual(
      expect.arrayContaining(['sex', 'priority', 'user_status', 'del_flag', 'menu_type', 'depart_status', 'tenant_status', 'messageType']),
    );
    const refresh = (await t.request({ method: 'GET', url: '/api/sys/dict/refleshCache', token })).json();
    expect(refresh).toMatchObject({ success: true, code: 0 });
  });
});
