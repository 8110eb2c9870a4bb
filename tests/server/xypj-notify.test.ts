import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { mailText, startLocalSmtp, type LocalSmtp } from './support/smtp';
import { caller, seeded, type Caller } from './support/xypj';
import { noticeRetry } from '../../server/modules/xypj/notify';

interface BellItem {
  id: string;
  titile: string;
  msgAbstract?: string;
  openPage?: string;
}

const DEMO_COMPANY = seeded.company(1);

async function bell(c: Caller): Promise<BellItem[]> {
  const res = await c.get('/sys/annountCement/listByUser?pageSize=50');
  return res.result.sysMsgList as BellItem[];
}

async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface QueuedRow {
  es_type: string;
  es_receiver: string;
  es_send_status: string;
  es_result: string | null;
  es_send_num: number;
}

async function sendRows(t: TestApp, title: string): Promise<QueuedRow[]> {
  const res =
    await sql<QueuedRow>`select es_type, es_receiver, es_send_status, es_result, es_send_num from sys_sms where es_title = ${title} order by es_type`.execute(
      t.db,
    );
  return res.rows;
}

/** Puts the demo company's application of this year back to 已提交 (the office's next step is 受理 or 退回). */
async function submittedApplication(t: TestApp): Promise<string> {
  const res = await sql<{ id: string }>`select a.id from xypj_application a join xypj_batch b on b.id = a.batch_id
    where a.company_id = ${DEMO_COMPANY} and b.state = 'open'`.execute(t.db);
  const id = res.rows[0]!.id;
  await sql`update xypj_application set state = 'submitted', submit_time = ${new Date()} where id = ${id}`.execute(t.db);
  return id;
}

describe.each(backends())('notices to the company and the experts on %s', (backend) => {
  let t: TestApp;
  let smtp: LocalSmtp;
  let staff: Caller;
  let company: Caller;
  let expert: Caller;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    t = await startTestApp(backend, { smtpUrl: smtp.url, smtpFrom: 'office@example.com' });
    staff = caller(t, await t.login('staff'));
    company = caller(t, await t.login('company'));
    expert = caller(t, await t.login('expert'));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('seeds one applied template per event, editable in 消息模板', async () => {
    const list = await caller(t, await t.login('admin')).get('/sys/message/sysMessageTemplate/list?pageSize=100');
    const records = list.result.records as Array<{ templateCode: string; useStatus: string }>;
    const codes = records
      .map((r) => r.templateCode)
      .filter((c) => c.startsWith('xypj_'))
      .sort();
    expect(codes).toEqual([
      'xypj_application_accepted',
      'xypj_application_returned',
      'xypj_certificate_issued',
      'xypj_certificate_revoked',
      'xypj_expert_assigned',
      'xypj_objection_answered',
      'xypj_publicity_started',
      'xypj_result_published',
      'xypj_sheet_returned',
    ]);
  });

  it('a returned application reaches the company: bell message with the reason, e-mail and SMS', async () => {
    const id = await submittedApplication(t);
    expect(await staff.post('/xypj/application/return', { id, reason: '营业执照已过期，请更新' })).toMatchObject({
      success: true,
      message: '已退回',
    });

    const items = await bell(company);
    const notice = items.find((i) => i.titile === '信用评价申报已退回');
    expect(notice?.msgAbstract).toContain('退回原因：营业执照已过期，请更新');
    const mail = await smtp.next();
    expect(mail.to).toEqual(['company@example.com']);
    expect(mailText(mail.raw)).toContain('营业执照已过期，请更新');

    const mobile = (await sql<{ mobile: string }>`select mobile from xypj_company where id = ${DEMO_COMPANY}`.execute(t.db)).rows[0]!
      .mobile;
    const sms = await until(async () => {
      const rows = await sql<{
        content: string;
        template_code: string;
      }>`select content, template_code from sys_sms_outbox where mobile = ${mobile}
        and content like ${'%营业执照已过期%'}`.execute(t.db);
      return rows.rows[0];
    }, 'the SMS in the outbox');
    expect(sms.template_code).toBe('message');
    const rows = await until(async () => {
      const r = await sendRows(t, '信用评价申报已退回');
      return r.every((x) => x.es_send_status === '1') && r.length === 2 ? r : undefined;
    }, 'both sends recorded as sent');
    expect(rows.map((r) => [r.es_type, r.es_receiver])).toEqual([
      ['email', 'company@example.com'],
      ['sms', mobile],
    ]);
  });

  it('an accepted application and an expert assignment reach the company and each expert assigned', async () => {
    const id = await submittedApplication(t);
    expect(await staff.post('/xypj/application/accept', { id })).toMatchObject({ success: true });
    expect((await bell(company)).map((i) => i.titile)).toContain('信用评价申报已受理');
    expect(mailText((await smtp.next()).raw)).toContain('已通过形式审查并受理');

    const assigned = await staff.post('/xypj/application/assign', {
      id,
      expertIds: [seeded.expert(1), seeded.expert(4), seeded.expert(5)],
    });
    expect(assigned).toMatchObject({ success: true });
    const task = (await bell(expert)).find((i) => i.titile === '新的评审任务');
    expect(task?.msgAbstract).toContain('的信用评价申报已分配给您评审');
    expect(task?.openPage).toBe('/xypj/scoring');
    const mail = await until(async () => smtp.mails.find((m) => m.to.includes('expert@example.com')), 'the expert mail');
    expect(mailText(mail.raw)).toContain('已分配给您评审');
  });

  it('a sheet sent back reaches its expert with the reason', async () => {
    const reviewer2 = caller(t, await t.login('reviewer2'));
    const sheet = (
      await sql<{ id: string }>`select s.id from xypj_score_sheet s where s.expert_id = ${seeded.expert(2)} and s.state = 'submitted'
        and s.application_id in (select id from xypj_application where state = 'scored') limit 1`.execute(t.db)
    ).rows[0]!;
    expect(await staff.post('/xypj/scoreSheet/sendBack', { id: sheet.id, reason: '第二项得分缺少说明' })).toMatchObject({ success: true });
    const notice = (await bell(reviewer2)).find((i) => i.titile === '评分表已退回');
    expect(notice?.msgAbstract).toContain('退回原因：第二项得分缺少说明');
    const mail = await until(async () => smtp.mails.find((m) => m.to.includes('reviewer2@example.com')), 'the reviewer mail');
    expect(mailText(mail.raw)).toContain('第二项得分缺少说明');
  });

  it('a revoked certificate reaches its company', async () => {
    const cert = (
      await sql<{
        id: string;
        cert_no: string;
      }>`select id, cert_no from xypj_certificate where company_id = ${DEMO_COMPANY} and status = 'valid' limit 1`.execute(t.db)
    ).rows[0]!;
    expect(await staff.post('/xypj/certificate/revoke', { id: cert.id, reason: '存在严重失信行为' })).toMatchObject({ success: true });
    const notice = (await bell(company)).find((i) => i.titile === '信用等级证书已撤销');
    expect(notice?.msgAbstract).toContain(`编号${cert.cert_no}`);
  });

  it('an answered objection reaches the company named on it, once the answer is saved', async () => {
    const batch = (await sql<{ id: string }>`select id from xypj_batch where state = 'open'`.execute(t.db)).rows[0]!;
    await sql`update xypj_batch set state = 'publicity' where id = ${batch.id}`.execute(t.db);
    try {
      const name = (await sql<{ name: string }>`select name from xypj_company where id = ${DEMO_COMPANY}`.execute(t.db)).rows[0]!.name;
      expect(
        await staff.post('/xypj/objection/add', { batchId: batch.id, companyName: name, raisedBy: '张经理', content: '第二项扣分有误' }),
      ).toMatchObject({ success: true });
      const row = (await staff.get(`/xypj/objection/list?batchId=${batch.id}`)).result.records[0] as { id: string };
      expect((await bell(company)).map((i) => i.titile)).not.toContain('异议处理结果');
      expect(await staff.put('/xypj/objection/edit', { id: row.id, answer: '经复核，维持原评价结果' })).toMatchObject({ success: true });
      const notice = await until(async () => (await bell(company)).find((i) => i.titile === '异议处理结果'), 'the objection notice');
      expect(notice.msgAbstract).toContain('处理意见：经复核，维持原评价结果');
    } finally {
      await sql`update xypj_batch set state = 'open' where id = ${batch.id}`.execute(t.db);
    }
  });

  it('a stopped (停用) template keeps the bell message but sends no e-mail', async () => {
    await sql`update sys_sms_template set use_status = '0' where template_code = 'xypj_application_accepted'`.execute(t.db);
    const id = await submittedApplication(t);
    const before = (await sendRows(t, '信用评价申报已受理')).length;
    expect(await staff.post('/xypj/application/accept', { id })).toMatchObject({ success: true });
    expect((await bell(company)).filter((i) => i.titile === '信用评价申报已受理').length).toBeGreaterThanOrEqual(1);
    expect((await sendRows(t, '信用评价申报已受理')).length).toBe(before);
    await sql`update sys_sms_template set use_status = '1' where template_code = 'xypj_application_accepted'`.execute(t.db);
  });
});

describe.each(backends())('a failed e-mail or SMS send on %s', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    // nothing listens on port 1: the mail server and the SMS provider both refuse the connection
    t = await startTestApp(backend, {
      smtpUrl: 'smtp://127.0.0.1:1',
      smsProvider: {
        provider: 'aliyun',
        keyId: 'id',
        keySecret: 'secret',
        signName: '信用评价',
        codeTemplate: 'SMS_1',
        noticeTemplate: 'SMS_2',
        endpoint: 'http://127.0.0.1:1/',
      },
    });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('does not undo the state change: the application is returned, the bell has it, the sends are logged as failed', async () => {
    const delays = noticeRetry.delaysMs;
    noticeRetry.delaysMs = [200, 200];
    onTestFinished(() => {
      noticeRetry.delaysMs = delays;
    });
    const staff = caller(t, await t.login('staff'));
    const company = caller(t, await t.login('company'));
    const id = await submittedApplication(t);
    expect(await staff.post('/xypj/application/return', { id, reason: '缺少财务报表' })).toMatchObject({
      success: true,
      message: '已退回',
    });
    const row = await staff.get(`/xypj/application/queryById?id=${id}`);
    expect(row.result).toMatchObject({ state: 'returned', returnReason: '缺少财务报表' });
    expect((await bell(company)).map((i) => i.titile)).toContain('信用评价申报已退回');

    const rows = await until(async () => {
      const r = await sendRows(t, '信用评价申报已退回');
      return r.length === 2 && r.every((x) => x.es_send_status === '2') ? r : undefined;
    }, 'both sends recorded as failed');
    expect(rows.map((r) => r.es_type)).toEqual(['email', 'sms']);
    for (const r of rows) expect(r.es_result).toBeTruthy();
    // tried at once and twice again
    await until(
      async () => ((await sendRows(t, '信用评价申报已退回')).every((r) => Number(r.es_send_num) === 3) ? true : undefined),
      'the retries',
    );
    const log = await sql<{
      provider: string;
      status: string;
      result: string;
    }>`select provider, status, result from sys_sms_outbox where template_code = 'message'`.execute(t.db);
    expect(log.rows[0]).toMatchObject({ provider: 'aliyun', status: 'failed' });
    expect(log.rows[0]!.result).toMatch(/短信服务连接失败/);
  });
});
