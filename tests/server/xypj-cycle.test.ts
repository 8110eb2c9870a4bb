import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { caller, lastSmsCode, seeded, type Caller } from './support/xypj';

const ITEMS_90 = [
  { category: '基本情况', item: '资质', maxScore: 40 },
  { category: '业绩', item: '项目', maxScore: 50 },
];

describe.each(backends())('credit evaluation state moves on %s', (backend) => {
  let t: TestApp;
  let staff: Caller;
  let company: Caller;
  let year: number;
  let current: string;
  const own = seeded.company(1);

  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = caller(t, await t.login('staff'));
    company = caller(t, await t.login('company'));
    const batch = (await staff.get('/xypj/batch/current')).result;
    year = batch.year;
    current = batch.id;
  });
  afterAll(() => t?.close());

  it('criteria: the maxima must add up to 100 on save, and the message shows the current sum', async () => {
    expect(await staff.post('/xypj/criteria/add', { name: '新标准', itemList: ITEMS_90 })).toMatchObject({
      success: false,
      message: '评价标准各项分值合计应为100分，当前合计90分',
    });
    expect(await staff.post('/xypj/criteria/add', { name: '新标准' })).toMatchObject({
      success: false,
      message: '评价标准各项分值合计应为100分，当前合计0分',
    });
    expect(
      await staff.post('/xypj/criteria/add', { name: '新标准', itemList: [...ITEMS_90, { category: '财务', item: '收入', maxScore: 10 }] }),
    ).toMatchObject({ success: true });
    const id = (await staff.get('/xypj/criteria/list?name=新标准')).result.records[0].id;
    expect(await staff.put('/xypj/criteria/edit', { id, itemList: [{ category: '财务', item: '收入', maxScore: 99.5 }] })).toMatchObject({
      success: false,
      message: '评价标准各项分值合计应为100分，当前合计99.5分',
    });
    expect(await staff.put('/xypj/criteria/edit', { id, name: '改名的标准' })).toMatchObject({ success: true });
    expect((await staff.get(`/xypj/criteria/queryItemListByMainId?id=${id}`)).result).toHaveLength(3);
  });

  it('batch windows must be ordered date ranges; a new batch starts as a draft whatever the body says', async () => {
    const base = { name: '测试批次', year: year + 1, expertsPerApplication: 3, criteriaId: 'xypj_criteria_001' };
    expect(await staff.post('/xypj/batch/add', { ...base, applyStart: '2030-03-01', applyEnd: '2030-02-01' })).toMatchObject({
      success: false,
      message: '申报截止日期不能早于申报开始日期',
    });
    expect(
      await staff.post('/xypj/batch/add', { ...base, applyStart: '2030-03-01', applyEnd: '2030-04-01', reviewStart: '2030-03-15' }),
    ).toMatchObject({
      success: false,
      message: '评审开始日期不能早于申报截止日期',
    });
    expect(
      await staff.post('/xypj/batch/add', { ...base, applyStart: '2030-03-01', applyEnd: '2030-04-01', state: 'published' }),
    ).toMatchObject({ success: true });
    const batch = (await staff.get('/xypj/batch/list?name=测试批次')).result.records[0];
    expect(batch.state).toBe('draft');
    expect(await staff.put('/xypj/batch/edit', { id: batch.id, applyEnd: '2030-02-01' })).toMatchObject({
      success: false,
      message: '申报截止日期不能早于申报开始日期',
    });
    expect(await staff.put('/xypj/batch/edit', { id: batch.id, state: 'open' })).toMatchObject({ success: true });
    expect((await staff.get(`/xypj/batch/queryById?id=${batch.id}`)).result.state).toBe('draft');
  });

  it('a batch moves only one step forward, only by staff; a second batch cannot open while one is open', async () => {
    const draft = (await staff.get('/xypj/batch/list?name=测试批次')).result.records[0].id;
    expect(await company.status('POST', '/xypj/batch/transition', { id: draft, to: 'open' })).toBe(403);
    expect(await staff.post('/xypj/batch/transition', { id: current, to: 'published' })).toMatchObject({
      success: false,
      message: '批次只能从「申报中」变更为「评审中」，不能变更为「已发布」',
    });
    expect(await staff.post('/xypj/batch/transition', { id: current, to: 'draft' })).toMatchObject({
      success: false,
      message: '批次只能从「申报中」变更为「评审中」，不能变更为「草稿」',
    });
    expect(await staff.post('/xypj/batch/transition', { id: current, to: 'open' })).toMatchObject({
      success: false,
      message: '批次已是「申报中」状态',
    });
    expect(await staff.post('/xypj/batch/transition', { id: draft, to: 'reviewing' })).toMatchObject({ success: false });
    expect(await staff.post('/xypj/batch/transition', { id: draft, to: 'open' })).toMatchObject({
      success: false,
      message: `不能变更为「申报中」：已有申报中的批次：${year}年度监理企业信用评价`,
    });
    expect(await staff.post('/xypj/batch/transition', { id: draft, to: 'nonsense' })).toMatchObject({
      success: false,
      message: '目标状态不正确',
    });
    expect(await staff.del(`/xypj/batch/delete?id=${current}`)).toMatchObject({
      success: false,
      message: `只能删除草稿状态的批次，${year}年度监理企业信用评价是「申报中」状态`,
    });
  });

  it('a company applies once per batch, always for itself, and the server sets the state and unit fields', async () => {
    expect(await company.post('/xypj/application/add', { remark: '再来一份' })).toMatchObject({
      success: false,
      message: `本单位在批次${year}年度监理企业信用评价中已有申报，不能重复申报`,
    });
    await sql`delete from xypj_application where company_id = ${own} and batch_id = ${current}`.execute(t.db);
    expect(
      await company.post('/xypj/application/add', { companyId: seeded.company(2), state: 'accepted', materials: 'xypj/a.pdf' }),
    ).toMatchObject({ success: true });
    const app = (await company.get('/xypj/application/list')).result.records.find((r: { batchId: string }) => r.batchId === current);
    expect(app).toMatchObject({ companyId: own, state: 'draft', companyName: '演示监理企业有限公司' });
  });

  it('submit snapshots the unit information; later edits change the company but not the submitted application', async () => {
    const app = (await company.get('/xypj/application/list')).result.records.find((r: { batchId: string }) => r.batchId === current);
    expect(await company.post('/xypj/application/submit', { id: app.id })).toMatchObject({ success: true, message: '提交成功' });
    const submitted = (await company.get(`/xypj/application/queryById?id=${app.id}`)).result;
    expect(submitted.state).toBe('submitted');
    const snapshot = JSON.parse(submitted.snapshot);
    expect(snapshot).toMatchObject({ id: own, name: '演示监理企业有限公司' });
    expect(snapshot.engineerList).toHaveLength(2);
    expect(snapshot).not.toHaveProperty('userId');

    expect(await company.put('/xypj/company/edit', { id: own, name: '改名后的企业', engineerList: [] })).toMatchObject({ success: true });
    const after = (await company.get(`/xypj/application/queryById?id=${app.id}`)).result;
    expect(after.snapshot).toBe(submitted.snapshot);
    expect(after.companyName).toBe('演示监理企业有限公司');

    expect(await company.put('/xypj/application/edit', { id: app.id, remark: '改' })).toMatchObject({
      success: false,
      message: '申报「已提交」，不能修改',
    });
    expect(await company.post('/xypj/application/submit', { id: app.id })).toMatchObject({
      success: false,
      message: '申报「已提交」，不能提交',
    });
    expect(await company.del(`/xypj/application/delete?id=${app.id}`)).toMatchObject({
      success: false,
      message: '只能删除草稿状态的申报，该申报是「已提交」状态',
    });
  });

  it('staff return with a reason; the company sees it, edits and resubmits; staff accept once', async () => {
    const app = (await company.get('/xypj/application/list')).result.records.find((r: { batchId: string }) => r.batchId === current);
    expect(await company.status('POST', '/xypj/application/return', { id: app.id, reason: 'x' })).toBe(403);
    expect(await staff.post('/xypj/application/return', { id: app.id })).toMatchObject({ success: false, message: '退回原因不能为空' });
    expect(await staff.post('/xypj/application/return', { id: app.id, reason: '缺少财务报表' })).toMatchObject({
      success: true,
      message: '已退回',
    });
    expect((await company.get(`/xypj/application/queryById?id=${app.id}`)).result).toMatchObject({
      state: 'returned',
      returnReason: '缺少财务报表',
    });
    expect(await staff.post('/xypj/application/accept', { id: app.id })).toMatchObject({
      success: false,
      message: '只有已提交的申报可以受理，该申报是「已退回」状态',
    });
    expect(
      await company.put('/xypj/application/edit', { id: app.id, materials: 'xypj/a.pdf,xypj/b.png', state: 'accepted' }),
    ).toMatchObject({ success: true });
    expect(await company.post('/xypj/application/submit', { id: app.id })).toMatchObject({ success: true });
    expect(JSON.parse((await company.get(`/xypj/application/queryById?id=${app.id}`)).result.snapshot).name).toBe('改名后的企业');
    expect(await staff.post('/xypj/application/accept', { id: app.id })).toMatchObject({ success: true, message: '已受理' });
    expect(await staff.post('/xypj/application/accept', { id: app.id })).toMatchObject({
      success: false,
      message: '只有已提交的申报可以受理，该申报是「已受理」状态',
    });
    expect(await staff.post('/xypj/application/return', { id: app.id, reason: '晚了' })).toMatchObject({
      success: false,
      message: '只有已提交的申报可以退回，该申报是「已受理」状态',
    });
  });

  it('materials must be PDF, JPG or PNG files before submitting', async () => {
    const draft = seeded.application(year, 2);
    await sql`update xypj_application set materials = ${'xypj/a.docx'} where id = ${draft}`.execute(t.db);
    const other = caller(t, await t.login('admin'));
    expect(await other.post('/xypj/application/submit', { id: draft })).toMatchObject({
      success: false,
      message: '申报材料只能是PDF、JPG或PNG文件',
    });
    await sql`update xypj_application set materials = ${''} where id = ${draft}`.execute(t.db);
    expect(await other.post('/xypj/application/submit', { id: draft })).toMatchObject({ success: false, message: '请先上传申报材料' });
  });

  it('outside the application window, or once the batch has moved on, a company can neither edit nor submit', async () => {
    const draft = seeded.application(year, 3);
    const admin = caller(t, await t.login('admin'));
    await sql`update xypj_batch set apply_end = ${`${year - 1}-12-31`}, apply_start = ${`${year - 1}-01-01`} where id = ${current}`.execute(
      t.db,
    );
    expect(await admin.post('/xypj/application/submit', { id: draft })).toMatchObject({
      success: false,
      message: `申报期已结束（${year - 1}-12-31截止）`,
    });
    expect(await company.post('/xypj/application/add', {})).toMatchObject({
      success: false,
      message: `申报期已结束（${year - 1}-12-31截止）`,
    });
    await sql`update xypj_batch set apply_end = ${`${year + 1}-12-31`} where id = ${current}`.execute(t.db);
    expect(await staff.post('/xypj/batch/transition', { id: current, to: 'reviewing' })).toMatchObject({
      success: false,
      message: expect.stringContaining(`申报期尚未结束（${year + 1}-12-31截止）`),
    });
    expect(
      await staff.post('/xypj/batch/transition', { id: current, to: 'reviewing', closeEarly: true, reason: '提前评审' }),
    ).toMatchObject({ success: true, message: '批次已变更为「评审中」' });
    expect(await admin.post('/xypj/application/submit', { id: draft })).toMatchObject({
      success: false,
      message: '申报「已截止」，不能提交',
    });
    expect((await company.get('/xypj/batch/current')).result).toBeNull();
  });
});

describe.each(backends())('company registration and review on %s', (backend) => {
  let t: TestApp;
  let staff: Caller;
  const anonymous = () => caller(t);
  const form = {
    companyName: '新注册监理有限公司',
    creditCode: '91350100M000100Y43',
    contact: '李四',
    mobile: '13700001111',
    username: 'newco01',
    password: 'Newco#2024',
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = caller(t, await t.login('staff'));
  });
  afterAll(() => t?.close());

  it('refuses a bad credit code, a weak password and a wrong SMS code with their messages', async () => {
    expect(await anonymous().post('/sys/user/register', { ...form, creditCode: '91350100M000100Y44', smscode: '123456' })).toMatchObject({
      success: false,
      message: '统一社会信用代码校验位不正确',
    });
    expect(await anonymous().post('/sys/user/register', { ...form, password: 'abc12345', smscode: '123456' })).toMatchObject({
      success: false,
      message: '密码由8位数字、大小写字母和特殊符号组成!',
    });
    expect(await anonymous().post('/sys/user/register', { ...form, smscode: '123456' })).toMatchObject({
      success: false,
      message: '短信验证码错误或已过期',
    });
    expect(await anonymous().post('/sys/user/register', { ...form, username: 'company', smscode: '123456' })).toMatchObject({
      success: false,
      message: '用户名已存在',
    });
  });

  it('registers a pending company with a disabled account; staff approve it and the company signs in', async () => {
    expect(await anonymous().post('/sys/sms', { mobile: form.mobile, smsmode: '1' })).toMatchObject({ success: true });
    const code = await lastSmsCode(t, form.mobile);
    const res = await anonymous().post('/sys/user/register', { ...form, phone: form.mobile, mobile: undefined, smscode: code });
    expect(res).toMatchObject({
      success: true,
      result: { username: 'newco01', companyName: form.companyName, status: 'pending', statusText: '待审核' },
    });
    expect(await anonymous().post('/sys/user/register', { ...form, smscode: code })).toMatchObject({ success: false });
    await expect(t.login('newco01', form.password)).rejects.toThrow('企业注册信息正在审核中，审核通过后即可登录');
    await expect(t.login('newco01', 'Wrong#2024')).rejects.toThrow('用户名或密码错误');

    const company = (await staff.get(`/xypj/company/list?creditCode=${form.creditCode}`)).result.records[0];
    expect(company).toMatchObject({ status: 'pending', username: 'newco01' });
    expect(await staff.post('/xypj/company/reject', { id: company.id })).toMatchObject({ success: false, message: '驳回原因不能为空' });
    expect(await staff.post('/xypj/company/freeze', { id: company.id })).toMatchObject({ success: false, message: '待审核的企业不能冻结' });
    expect(await staff.post('/xypj/company/approve', { id: company.id })).toMatchObject({ success: true });
    expect(await staff.post('/xypj/company/reject', { id: company.id, reason: '晚了' })).toMatchObject({
      success: false,
      message: '已通过的企业不能驳回',
    });

    const token = await t.login('newco01', form.password);
    const mine = caller(t, token);
    expect((await mine.get('/xypj/company/mine')).result).toMatchObject({ id: company.id, status: 'approved', engineerList: [] });
    expect((await mine.get('/xypj/company/list')).result.total).toBe(1);

    expect(await staff.post('/xypj/company/freeze', { id: company.id })).toMatchObject({ success: true });
    expect(await mine.status('GET', '/xypj/company/mine')).toBe(401);
    await expect(t.login('newco01', form.password)).rejects.toThrow('企业已被冻结，请联系协会工作人员');
    expect(await staff.post('/xypj/company/unfreeze', { id: company.id })).toMatchObject({ success: true });
    expect(typeof (await t.login('newco01', form.password))).toBe('string');
  });

  it('a rejected registration keeps the reason and the account stays disabled', async () => {
    const pending = seeded.company(29);
    expect(await staff.post('/xypj/company/reject', { id: pending, reason: '资质证书不清晰' })).toMatchObject({ success: true });
    expect((await staff.get(`/xypj/company/queryById?id=${pending}`)).result).toMatchObject({
      status: 'rejected',
      rejectReason: '资质证书不清晰',
    });
    expect(await staff.put('/xypj/company/edit', { id: pending, status: 'approved' })).toMatchObject({ success: true });
    expect((await staff.get(`/xypj/company/queryById?id=${pending}`)).result.status).toBe('rejected');
  });
});
