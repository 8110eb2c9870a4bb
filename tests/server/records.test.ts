import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTemplate } from '../../server/modules/records/template-render';
import { maskedParams, maskedUrl } from '../../server/core/log-mask';
import { backends, startTestApp, TEST_PASSWORDS, type TestApp } from './support/app';
import { caller, type Caller } from './support/xypj';
import { mailText, startLocalSmtp, type LocalSmtp } from './support/smtp';

describe('template rendering and log masking', () => {
  it('fills ${variables} by plain substitution, never runs code, escapes values of HTML templates', () => {
    expect(renderTemplate('您好${name}，等级${ grade }', { name: '张三', grade: 'AAA' }, false)).toBe('您好张三，等级AAA');
    expect(renderTemplate('${a.b}/${missing}/${constructor}/${__proto__}', { a: { b: 1 } }, false)).toBe('1///');
    expect(renderTemplate('${process.exit(1)}${1+1}${`x`}', { process: { exit: 'no' } }, false)).toBe('${process.exit(1)}${1+1}${`x`}');
    expect(renderTemplate('<p>${name}</p>', { name: '<script>alert(1)</script>"&\'' }, true)).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;&#39;</p>',
    );
    expect(renderTemplate('${name}', { name: '<b>' }, false)).toBe('<b>');
  });

  it('masks passwords, tokens and codes at any depth', () => {
    const text = maskedParams(
      { username: 'a', password: 'p1' },
      { nested: { oldpassword: 'x', accessToken: 't', list: [{ captcha: '1234' }] }, smscode: '9' },
    );
    expect(text).not.toMatch(/p1|"x"|"t"|1234|"9"/);
    expect(JSON.parse(text!)).toMatchObject({
      username: 'a',
      password: '******',
      nested: { oldpassword: '******', accessToken: '******', list: [{ captcha: '******' }] },
    });
    expect(maskedUrl('/a?token=abc&x=1')).toBe('/a?token=******&x=1');
  });
});

describe.each(backends())('logs, data log and messages on %s', (backend) => {
  let t: TestApp;
  let admin: Caller;
  let smtp: LocalSmtp;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    t = await startTestApp(backend, { smtpUrl: smtp.url, smtpFrom: 'office@example.com' });
    admin = caller(t, await t.login('admin'));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('lists login logs with filters by user, keyword, IP and time', async () => {
    const logins = await admin.get('/sys/log/list?logType=1&username=admin');
    expect(logins.success).toBe(true);
    expect(logins.result.records.length).toBeGreaterThan(0);
    expect(logins.result.records[0]).toMatchObject({ logType: 1, logType_dictText: '登录日志', username: 'admin' });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10); // dates are the office's (GMT+8)
    expect(
      (await admin.get(`/sys/log/list?logType=1&keyWord=admin&createTime_begin=${today}&createTime_end=${today}`)).result.total,
    ).toBeGreaterThan(0);
    expect((await admin.get('/sys/log/list?logType=1&createTime_begin=2000-01-01&createTime_end=2000-01-02')).result.total).toBe(0);
    expect((await admin.get('/sys/log/list?logType=1&ip=203.0.113.99')).result.total).toBe(0);
    const staff = caller(t, await t.login('staff'));
    expect(await staff.get('/sys/log/list')).toMatchObject({ success: false });
  });

  it('operation logs carry method, path, masked parameters and cost; passwords and tokens never stored', async () => {
    const user = caller(t, await t.login('staff'));
    const newPassword = 'Nw#Passw0rd-2026';
    const res = await user.put('/sys/user/updatePassword', {
      username: 'staff',
      oldpassword: TEST_PASSWORDS.demo,
      password: newPassword,
      confirmpassword: newPassword,
    });
    expect(res).toMatchObject({ success: true });
    const ops = (await admin.get('/sys/log/list?logType=2&keyWord=修改了密码')).result.records;
    expect(ops.length).toBe(1);
    expect(ops[0]).toMatchObject({ requestType: 'PUT', requestUrl: '/api/sys/user/updatePassword' });
    expect(typeof ops[0].costTime).toBe('number');
    expect(ops[0].requestParam).toContain('"password":"******"');
    const all = await t.db.selectFrom('sys_log').select('request_param').execute();
    for (const row of all) {
      expect(row.request_param ?? '').not.toContain(newPassword);
      expect(row.request_param ?? '').not.toContain(TEST_PASSWORDS.demo);
    }
    const exported = await t.request({ method: 'GET', url: '/api/sys/log/exportXls?logType=2', token: await t.login('admin') });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('stores a version on every add and edit of an entity record and compares two of them', async () => {
    expect(await admin.post('/sys/position/add', { code: 'dl_pos', name: '数据日志职务', postRank: '1' })).toMatchObject({ success: true });
    const id = (await admin.get('/sys/position/list?code=dl_pos')).result.records[0].id as string;
    expect(await admin.put('/sys/position/edit', { id, name: '改过的职务' })).toMatchObject({ success: true });
    expect(await admin.put('/sys/position/edit', { id, name: '再改的职务' })).toMatchObject({ success: true });
    const list = await admin.get(`/sys/dataLog/list?dataTable=sys_position&dataId=${id}`);
    expect(list.result.total).toBe(3);
    const versions = (await admin.get(`/sys/dataLog/queryDataVerList?dataTable=sys_position&dataId=${id}`)).result;
    expect(versions.map((v: { dataVersion: number }) => v.dataVersion)).toEqual([1, 2, 3]);
    expect(JSON.parse(versions[0].dataContent)).toMatchObject({ code: 'dl_pos', name: '数据日志职务' });
    const compare = (await admin.get(`/sys/dataLog/queryCompareList?dataId1=${versions[2].id}&dataId2=${versions[1].id}`)).result;
    expect(compare.map((v: { dataVersion: number }) => v.dataVersion)).toEqual([2, 3]);
    expect(JSON.parse(compare[0].dataContent).name).toBe('改过的职务');
    expect(JSON.parse(compare[1].dataContent).name).toBe('再改的职务');
    expect(compare[0].fieldLabels.name).toBe('职务名称');
    await Promise.all([1, 2, 3, 4, 5].map((n) => admin.put('/sys/position/edit', { id, name: `并发${n}` })));
    const after = (await admin.get(`/sys/dataLog/queryDataVerList?dataTable=sys_position&dataId=${id}`)).result;
    expect(after.map((v: { dataVersion: number }) => v.dataVersion)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const other = (await admin.get('/sys/dataLog/list?pageSize=100')).result.records.find((r: { dataId: string }) => r.dataId !== id);
    if (other)
      expect(await admin.get(`/sys/dataLog/queryCompareList?dataId1=${versions[0].id}&dataId2=${other.id}`)).toMatchObject({
        success: false,
        message: '请选择相同的数据库表和数据ID进行比较',
      });
  });

  it('sends a template by e-mail through SMTP with escaped values, and records the message', async () => {
    const templates = (await admin.get('/sys/message/sysMessageTemplate/list')).result.records;
    expect(templates.map((r: { templateCode: string }) => r.templateCode)).toContain('material_return_mail');
    const res = await admin.post('/sys/message/sysMessageTemplate/sendMsg', {
      templateCode: 'material_return_mail',
      testData: JSON.stringify({ companyName: '测试监理公司', reason: '<img src=x onerror=alert(1)>', deadline: '2026-12-31' }),
      msgType: 'email',
      receiver: 'company@example.com',
    });
    expect(res).toMatchObject({ success: true, message: '消息发送成功！' });
    const mail = await smtp.next();
    expect(mail.to).toEqual(['company@example.com']);
    const text = mailText(mail.raw);
    expect(text).toContain('测试监理公司');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).not.toContain('<img');
    const sent = (await admin.get('/sys/message/sysMessage/list?esReceiver=company@example.com')).result.records[0];
    expect(sent).toMatchObject({ esType: 'email', esSendStatus: '1', esSendStatus_dictText: '发送成功', esSendNum: 1 });
  });

  it('a failed send keeps the error and the count; 重新发送 retries', async () => {
    const broken = await startTestApp(backend, { smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const b = caller(broken, await broken.login('admin'));
      const res = await b.post('/sys/message/sysMessageTemplate/sendMsg', {
        templateCode: 'eval_result_notice',
        testData: '{"companyName":"甲","year":"2026","grade":"A"}',
        msgType: 'email',
        receiver: 'x@example.com',
      });
      expect(res.success).toBe(false);
      expect(res.message).toMatch(/^消息发送失败：/);
      const row = (await b.get('/sys/message/sysMessage/list?esReceiver=x@example.com')).result.records[0];
      expect(row).toMatchObject({ esSendStatus: '2', esSendNum: 1, esContent: '甲：贵单位2026年度信用评价等级为A，请登录系统查看详情。' });
      expect(row.esResult).toBeTruthy();
      expect((await b.post('/sys/message/sysMessage/resend', { id: row.id })).success).toBe(false);
      expect((await b.get(`/sys/message/sysMessage/queryById?id=${row.id}`)).result).toMatchObject({ esSendStatus: '2', esSendNum: 2 });
      expect(
        await b.post('/sys/message/sysMessageTemplate/sendMsg', {
          templateCode: 'eval_result_notice',
          testData: '{bad',
          msgType: 'email',
          receiver: 'x@example.com',
        }),
      ).toMatchObject({ success: false, message: '测试数据不是合法的JSON' });
    } finally {
      await broken.close();
    }
    // starts a second server of its own
  }, 90_000);

  it('SMS and system messages; an applied template cannot be edited or deleted', async () => {
    expect(
      await admin.post('/sys/message/sysMessageTemplate/sendMsg', {
        templateCode: 'eval_result_notice',
        testData: '{"companyName":"乙","year":"2026","grade":"AA"}',
        msgType: 'sms',
        receiver: '13800000001',
      }),
    ).toMatchObject({ success: true });
    const sms = await t.db.selectFrom('sys_sms_outbox').select('content').where('mobile', '=', '13800000001').executeTakeFirstOrThrow();
    expect(sms.content).toBe('乙：贵单位2026年度信用评价等级为AA，请登录系统查看详情。');
    expect(
      await admin.post('/sys/message/sysMessageTemplate/sendMsg', {
        templateCode: 'eval_result_notice',
        testData: '{}',
        msgType: 'system',
        receiver: 'staff',
      }),
    ).toMatchObject({ success: true });
    expect((await admin.get('/sys/message/sysMessage/list?esType=system')).result.records[0]).toMatchObject({
      esReceiver: 'staff',
      esSendStatus: '1',
    });
    expect(
      await admin.post('/sys/message/sysMessageTemplate/sendMsg', {
        templateCode: 'eval_result_notice',
        testData: '{}',
        msgType: 'system',
        receiver: 'nobody_here',
      }),
    ).toMatchObject({ success: false, message: '消息发送失败：接收用户不存在' });
    const tpl = (await admin.get('/sys/message/sysMessageTemplate/list?templateCode=eval_result_notice')).result.records[0];
    expect(await admin.put('/sys/message/sysMessageTemplate/edit', { id: tpl.id, useStatus: '1' })).toMatchObject({ success: true });
    expect(await admin.put('/sys/message/sysMessageTemplate/edit', { id: tpl.id, templateName: '改名' })).toMatchObject({
      success: false,
      message: '此模板已被应用，禁止编辑!',
    });
    expect(await admin.del(`/sys/message/sysMessageTemplate/delete?id=${tpl.id}`)).toMatchObject({
      success: false,
      message: '该模板已被应用禁止删除!',
    });
    expect(await admin.put('/sys/message/sysMessageTemplate/edit', { id: tpl.id, useStatus: '0' })).toMatchObject({ success: true });
  });
});
