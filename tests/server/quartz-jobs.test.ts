import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { migrateToLatest } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/open';
import { loadSeedData, seedDatabase } from '../../server/db/seed/index';
import type { Db } from '../../server/db/types';
import { cronProblem, nextFireTime } from '../../server/modules/quartz/cron';
import { claimAndRun, type JobRow } from '../../server/modules/quartz/runner';
import { backends, startTestApp, TEST_PASSWORDS, type TestApp } from './support/app';
import { importUpload, sheetRows, workbook } from './support/forms';
import { caller, type Caller } from './support/xypj';

const SAMPLE = 'org.jeecg.modules.quartz.job.SampleJob';
const PARAM = 'org.jeecg.modules.quartz.job.SampleParamJob';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Quartz cron expressions', () => {
  it('reads 6 and 7 parts in the office clock and refuses bad ones in plain Chinese', () => {
    expect(cronProblem('0/2 * * * * ? *')).toBeNull();
    expect(cronProblem('0 0 12 ? * MON-FRI')).toBeNull();
    expect(cronProblem('0 0 12 * *')).toBe('Cron表达式错误：至少需要6项（秒 分 时 日 月 周）');
    expect(cronProblem('61 * * * * ?')).toMatch(/^Cron表达式错误：/);
    expect(cronProblem('0 0 0 * * ? 20x6')).toBe('Cron表达式参数[年]错误：20x6');
    expect(cronProblem('')).toBe('Cron表达式不能为空');
    const from = new Date('2026-03-04T00:00:00.500Z');
    expect(nextFireTime('0/2 * * * * ? *', from)?.toISOString()).toBe('2026-03-04T00:00:02.000Z');
    // 12:00 in GMT+8 is 04:00 UTC; Quartz day 2 is Monday (2026-03-09)
    expect(nextFireTime('0 0 12 ? * 2', from)?.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(nextFireTime('0 0 0 1 1 ? 2030', from)?.toISOString()).toBe('2029-12-31T16:00:00.000Z');
    expect(nextFireTime('0 0 0 1 1 ? 2020', from)).toBeNull();
  });

  it('reads the day-of-month forms the cron editor offers: nW, LW and L-n', () => {
    const from = new Date('2026-03-04T00:00:00.500Z');
    expect(cronProblem('0 0 9 15W * ?')).toBeNull();
    // 2026-03-15 is a Sunday: the nearest weekday is Monday the 16th (09:00 GMT+8 = 01:00 UTC)
    expect(nextFireTime('0 0 9 15W * ?', from)?.toISOString()).toBe('2026-03-16T01:00:00.000Z');
    expect(nextFireTime('* * * 15W * ?', from)?.toISOString()).toBe('2026-03-15T16:00:00.000Z');
    // 2026-03-31 is a Tuesday
    expect(nextFireTime('0 0 9 LW * ?', from)?.toISOString()).toBe('2026-03-31T01:00:00.000Z');
    expect(nextFireTime('0 0 9 L-3 * ?', from)?.toISOString()).toBe('2026-03-28T01:00:00.000Z');
    expect(cronProblem('0 0 9 3WW * ?')).toBe('Cron表达式参数[日]错误：3WW');
  });
});

describe.each(backends())('定时任务 on %s', (backend) => {
  let t: TestApp;
  let admin: Caller;

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = caller(t, await t.login('admin'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const jobId = async (className: string) =>
    (await admin.get(`/sys/quartzJob/list?jobClassName=${className}`)).result.records[0].id as string;
  const runs = async (id: string) => (await admin.get(`/sys/quartzJob/runList?jobId=${id}&pageSize=100`)).result;

  it('seeds the three reference jobs, stopped, with the status dictionary', async () => {
    const list = await admin.get('/sys/quartzJob/list?pageSize=50');
    expect(list.success).toBe(true);
    const byClass = Object.fromEntries(list.result.records.map((r: { jobClassName: string }) => [r.jobClassName, r]));
    expect(byClass['org.jeecg.modules.message.job.SendMsgJob']).toMatchObject({
      cronExpression: '0/50 * * * * ? *',
      status: -1,
      status_dictText: '停止',
    });
    expect(byClass[SAMPLE]).toMatchObject({ status: -1 });
    expect(byClass[PARAM]).toMatchObject({ parameter: 'scott', status: -1 });
    const flags = await sql<{ del_flag: number }>`select del_flag from sys_quartz_job`.execute(t.db);
    // the three reference jobs and the daily backup job (tests/server/backup.test.ts)
    expect(flags.rows.map((r) => r.del_flag)).toEqual([0, 0, 0, 0]);
    expect(list.result.records[0]).not.toHaveProperty('delFlag');
    const dict = await admin.get('/sys/dict/getDictItems/quartz_status');
    expect(dict.result.map((i: { text: string }) => i.text)).toEqual(['正常', '停止']);
  });

  it('refuses an unknown class name and a bad cron expression, on add and on edit', async () => {
    expect(
      await admin.post('/sys/quartzJob/add', { jobClassName: 'com.example.EvilJob', cronExpression: '0/2 * * * * ? *', status: -1 }),
    ).toMatchObject({ success: false, message: expect.stringContaining('任务类名不存在：com.example.EvilJob') });
    expect(
      await admin.post('/sys/quartzJob/add', {
        jobClassName: 'org.jeecg.modules.quartz.job.AsyncJob',
        cronExpression: '0 0 12 * *',
        status: -1,
      }),
    ).toMatchObject({ success: false, message: 'Cron表达式错误：至少需要6项（秒 分 时 日 月 周）' });
    expect(await admin.post('/sys/quartzJob/add', { jobClassName: SAMPLE, cronExpression: '0/2 * * * * ? *', status: -1 })).toMatchObject({
      success: false,
      message: expect.stringContaining('已存在'),
    });
    const id = await jobId(PARAM);
    expect(await admin.put('/sys/quartzJob/edit', { id, cronExpression: '99 * * * * ?' })).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Cron表达式错误/),
    });
    expect(await admin.put('/sys/quartzJob/edit', { id, jobClassName: 'x.Y' })).toMatchObject({
      success: false,
      message: expect.stringContaining('任务类名不存在'),
    });
  });

  it('adds, edits, reads, executes once with history, and deletes a job', async () => {
    expect(
      await admin.post('/sys/quartzJob/add', {
        jobClassName: 'org.jeecg.modules.quartz.job.CleanOldLogJob',
        cronExpression: '0 0 3 * * ? *',
        parameter: '30',
        description: '清理日志',
        status: -1,
      }),
    ).toMatchObject({ success: true, message: '添加成功！' });
    const id = await jobId('org.jeecg.modules.quartz.job.CleanOldLogJob');
    expect(await admin.post('/sys/quartzJob/edit', { id, parameter: 'abc' })).toMatchObject({ success: true });
    expect((await admin.get(`/sys/quartzJob/queryById?id=${id}`)).result).toMatchObject({
      parameter: 'abc',
      cronExpression: '0 0 3 * * ? *',
    });
    expect(await admin.get(`/sys/quartzJob/execute?id=${id}`)).toMatchObject({
      success: false,
      message: expect.stringContaining('执行失败：参数应为保留天数'),
    });
    expect(await admin.put('/sys/quartzJob/edit', { id, parameter: '30' })).toMatchObject({ success: true });
    const old = new Date(Date.now() - 40 * 86_400_000);
    await sql`insert into sys_log (id, log_type, log_content, create_time) values ('quartz_old_log', 1, '旧日志', ${old})`.execute(t.db);
    expect(await admin.get(`/sys/quartzJob/execute?id=${id}`)).toMatchObject({ success: true, message: '执行成功!' });
    expect((await sql`select id from sys_log where id = 'quartz_old_log'`.execute(t.db)).rows).toHaveLength(0);
    const history = await runs(id);
    expect(history.total).toBe(2);
    expect(history.records[0]).toMatchObject({
      result: 'ok',
      result_dictText: '成功',
      triggerType: 'manual',
      output: expect.stringContaining('清理30天前的系统日志1条'),
    });
    expect(history.records[0].startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(history.records[0].endTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(history.records[1]).toMatchObject({ result: 'error', errorText: expect.stringContaining('参数应为保留天数') });
    expect(await admin.del(`/sys/quartzJob/delete?id=${id}`)).toMatchObject({ success: true });
    expect((await sql`select id from sys_quartz_job_run where job_id = ${id}`.execute(t.db)).rows).toHaveLength(0);
  });

  it('SendMsgJob sends queued messages; CleanExpiredTokenJob purges expired captchas', async () => {
    const now = new Date();
    await sql`insert into sys_sms (id, es_title, es_type, es_receiver, es_content, es_send_status, es_send_num, create_time)
      values ('quartz_msg_1', '排队消息', 'system', 'admin', '内容', '0', 0, ${now})`.execute(t.db);
    expect(await admin.get(`/sys/quartzJob/execute?id=${await jobId('org.jeecg.modules.message.job.SendMsgJob')}`)).toMatchObject({
      success: true,
      message: '执行成功!',
    });
    const msg = await sql<{
      es_send_status: string;
      es_send_num: number;
    }>`select es_send_status, es_send_num from sys_sms where id = 'quartz_msg_1'`.execute(t.db);
    expect(msg.rows[0]).toMatchObject({ es_send_status: '1', es_send_num: 1 });

    expect(
      await admin.post('/sys/quartzJob/add', {
        jobClassName: 'org.jeecg.modules.quartz.job.CleanExpiredTokenJob',
        cronExpression: '0 0 * * * ?',
        status: -1,
      }),
    ).toMatchObject({ success: true });
    await sql`insert into sys_captcha (check_key, answer, expire_time) values ('quartz_old_captcha', 'abcd', ${new Date(Date.now() - 60_000)})`.execute(
      t.db,
    );
    expect(await admin.get(`/sys/quartzJob/execute?id=${await jobId('org.jeecg.modules.quartz.job.CleanExpiredTokenJob')}`)).toMatchObject({
      success: true,
    });
    expect((await sql`select 1 from sys_captcha where check_key = 'quartz_old_captcha'`.execute(t.db)).rows).toHaveLength(0);
    const cleaned = await runs(await jobId('org.jeecg.modules.quartz.job.CleanExpiredTokenJob'));
    expect(cleaned.records[0].output).toMatch(/^清理过期令牌\d+个、验证码[1-9]\d*个、短信验证码\d+个$/);
  });

  it('exports the jobs and imports rows, refusing an unknown class name or a bad cron expression per row', async () => {
    const token = await t.login('admin');
    const exported = await t.request({ method: 'GET', url: `/api/sys/quartzJob/exportXls?jobClassName=${PARAM}`, token });
    const sheet = await sheetRows(exported.rawPayload);
    expect(sheet[0]).toEqual(['定时任务报表']);
    expect(sheet.slice(2).map((r) => r.slice(0, 1))).toEqual([['任务类名'], [PARAM]]);
    const data = await workbook([
      ['任务类名', 'cron表达式', '参数', '描述', '状态'],
      ['org.jeecg.modules.quartz.job.AsyncJob', '0 0 1 * * ? *', '', '导入的任务', '停止'],
      ['com.example.Nope', '0 0 1 * * ? *', '', '', '停止'],
      ['org.jeecg.modules.quartz.job.CleanOldLogJob', '0 0 1 * *', '', '', '停止'],
    ]);
    const res = (
      await t.request({ method: 'POST', url: '/api/sys/quartzJob/importExcel', token, ...importUpload('jobs.xlsx', data) })
    ).json();
    expect(res).toMatchObject({ success: true, code: 201, result: { totalCount: 3, successCount: 1, errorCount: 2 } });
    expect((await admin.get('/sys/quartzJob/list?jobClassName=org.jeecg.modules.quartz.job.AsyncJob')).result.records[0]).toMatchObject({
      status: -1,
      description: '导入的任务',
    });
  });

  it('runs a started job every fire time, and stops after pause', async () => {
    const id = await jobId(PARAM);
    expect(await admin.put('/sys/quartzJob/edit', { id, cronExpression: '0/1 * * * * ? *' })).toMatchObject({ success: true });
    expect(await admin.get(`/sys/quartzJob/resume?id=${id}`)).toMatchObject({ success: true, message: '启动定时任务成功' });
    expect((await admin.get(`/sys/quartzJob/queryById?id=${id}`)).result.status).toBe(0);
    await sleep(3500);
    expect(await admin.get(`/sys/quartzJob/pause?id=${id}`)).toMatchObject({ success: true, message: '停止定时任务成功' });
    await sleep(1500);
    const after = await runs(id);
    expect(after.total).toBeGreaterThanOrEqual(2);
    expect(after.records[0]).toMatchObject({
      result: 'ok',
      triggerType: 'cron',
      output: '带参数定时任务 SampleParamJob 执行完成，参数：scott',
    });
    await sleep(2000);
    expect((await runs(id)).total).toBe(after.total);
  });

  it('runs each fire time a busy process woke up late for, once; fire times more than 5 s late are skipped', async () => {
    const id = await jobId(SAMPLE);
    expect(await admin.put('/sys/quartzJob/edit', { id, cronExpression: '0/1 * * * * ? *' })).toMatchObject({ success: true });
    expect(await admin.get(`/sys/quartzJob/resume?id=${id}`)).toMatchObject({ success: true });
    const busy = (ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end);
    };
    await sleep(1500);
    busy(2500);
    await sleep(1500);
    busy(7000);
    await sleep(1500);
    expect(await admin.get(`/sys/quartzJob/pause?id=${id}`)).toMatchObject({ success: true });
    await sleep(1000);
    const times = (
      await sql<{
        fire_time: Date;
      }>`select fire_time from sys_quartz_job_run where job_id = ${id} and trigger_type = 'cron' order by fire_time`.execute(t.db)
    ).rows.map((r) => new Date(r.fire_time).getTime());
    const gaps = times.slice(1).map((time, i) => time - times[i]!);
    // the 2.5 s stall left no hole; the 7 s one skipped the fire times older than 5 s when it ended
    const holes = gaps.filter((g) => g !== 1000);
    expect(holes).toHaveLength(1);
    expect(holes[0]).toBeGreaterThanOrEqual(2000);
    expect(holes[0]).toBeLessThanOrEqual(5000);
    expect(times.length).toBeGreaterThanOrEqual(10);
  }, 30_000);

  it('answers the job routes only to holders of their permission', async () => {
    const id = await jobId(SAMPLE);
    expect(await caller(t).status('GET', `/sys/quartzJob/execute?id=${id}`)).toBe(401);
    const staff = caller(t, await t.login('staff'));
    expect(await staff.status('GET', `/sys/quartzJob/execute?id=${id}`)).toBe(403);
    expect(await staff.status('GET', '/sys/quartzJob/list')).toBe(403);
    expect(await admin.get('/sys/quartzJob/execute?id=none')).toMatchObject({ success: false, message: '定时任务不存在' });
  });
});

describe.runIf(process.env.DATABASE_URL)('定时任务 across two instances on one PostgreSQL database', () => {
  const name = `jobs_t_${randomBytes(6).toString('hex')}`;
  const dbs: { db: Db; close: () => Promise<void> }[] = [];
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  let url: string;

  beforeAll(async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
    const first = await openPostgres(url);
    await migrateToLatest(first.db);
    await seedDatabase(first.db, { adminPassword: TEST_PASSWORDS.admin, demoPassword: TEST_PASSWORDS.demo }, loadSeedData({}));
    dbs.push(first, await openPostgres(url));
    for (const d of dbs) {
      const app = await buildApp({ db: d.db, config: testConfig({ tokenSecret: 'test-token-secret-not-for-production' }) });
      await app.ready();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const d of dbs) await d.close();
    const { default: pg } = await import('pg');
    const dropper = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  it('gives each fire time of a one-second job exactly one run while two instances schedule it', async () => {
    const db = dbs[0]!.db;
    await sql`update sys_quartz_job set status = 0, cron_expression = '0/1 * * * * ? *' where job_class_name = ${SAMPLE}`.execute(db);
    await sleep(5500);
    await sql`update sys_quartz_job set status = -1 where job_class_name = ${SAMPLE}`.execute(db);
    await sleep(1500);
    const rows = (
      await sql<{ fire_time: Date; instance_id: string; result: string }>`select r.fire_time, r.instance_id, r.result
      from sys_quartz_job_run r join sys_quartz_job j on j.id = r.job_id where j.job_class_name = ${SAMPLE} order by r.fire_time`.execute(
        db,
      )
    ).rows;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const seconds = rows.map((r) => new Date(r.fire_time).getTime());
    expect(new Set(seconds).size).toBe(seconds.length);
    for (let i = 1; i < seconds.length; i += 1) expect(seconds[i]! - seconds[i - 1]!).toBe(1000);
    expect(rows.every((r) => r.result === 'ok')).toBe(true);
  });

  it('lets only one of two instances claim the same fire time, however many times they race', async () => {
    const job = (
      await sql<JobRow>`select id, job_class_name, cron_expression, parameter from sys_quartz_job where job_class_name = ${PARAM}`.execute(
        dbs[0]!.db,
      )
    ).rows[0]!;
    for (let i = 0; i < 10; i += 1) {
      const fireTime = new Date(Date.UTC(2030, 0, 1, 0, 0, i));
      const outcomes = await Promise.all(
        apps.flatMap((app) => [claimAndRun(app.deps, job, fireTime, 'cron'), claimAndRun(app.deps, job, fireTime, 'cron')]),
      );
      expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
    }
  });
});
