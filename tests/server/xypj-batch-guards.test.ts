import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLeftovers } from '../../server/modules/xypj/batch-guards';
import { officeToday } from '../../server/modules/xypj/caller';
import { backends, startTestApp, type TestApp } from './support/app';
import { caller, seeded, type Caller } from './support/xypj';

interface SheetRow {
  id: string;
  applicationId: string;
  state: string;
}

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe.each(backends())('guarded batch moves, withdrawal, closed sheets and objections on %s', (backend) => {
  let t: TestApp;
  let staff: Caller;
  let company: Caller;
  let expert: Caller;
  let reviewer2: Caller;
  let batch: { id: string; name: string; year: number; applyEnd: string; publicityEnd: string };
  const app = (n: number) => seeded.application(batch.year, n);
  const nameOf = async (n: number) =>
    (await sql<{ name: string }>`select company_name as name from xypj_application where id = ${app(n)}`.execute(t.db)).rows[0]!.name;
  const stateOf = async (n: number) =>
    (await sql<{ state: string }>`select state from xypj_application where id = ${app(n)}`.execute(t.db)).rows[0]!.state;
  const preview = async (to: string) => (await staff.get(`/xypj/batch/transitionPreview?id=${batch.id}&to=${to}`)).result;
  const move = (to: string, extra: object = {}) => staff.post('/xypj/batch/transition', { id: batch.id, to, ...extra });
  const sheetsOf = async (username: string) =>
    (
      await sql<SheetRow>`select s.id, s.application_id as "applicationId", s.state from xypj_score_sheet s join xypj_expert e on e.id = s.expert_id
      where e.username = ${username} and s.batch_id = ${batch.id} order by s.application_id`.execute(t.db)
    ).rows;
  const itemsOf = async (sheetId: string) =>
    (
      await sql<{
        criteriaItemId: string;
        item: string;
        maxScore: string;
      }>`select criteria_item_id as "criteriaItemId", item, max_score as "maxScore"
      from xypj_score_item where sheet_id = ${sheetId} order by order_num`.execute(t.db)
    ).rows;

  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = caller(t, await t.login('staff'));
    company = caller(t, await t.login('company'));
    expert = caller(t, await t.login('expert'));
    reviewer2 = caller(t, await t.login('reviewer2'));
    batch = (await staff.get('/xypj/batch/current')).result;
  });
  afterAll(() => t?.close());

  it('进入评审 before the window ends is refused naming the end; 提前截止申报 needs a reason, is logged and closes the drafts', async () => {
    expect(batch.applyEnd > officeToday()).toBe(true);
    const plan = await preview('reviewing');
    expect(plan).toMatchObject({ from: 'open', to: 'reviewing', toText: '评审中', windowOpen: true });
    expect(plan.blockers).toEqual([`申报期尚未结束（${batch.applyEnd}截止），如需提前截止申报请填写原因`]);
    expect(plan.effects).toContain('6份草稿或已退回未重新提交的申报将被截止，企业不能再修改和提交');
    expect(plan.effects).toContain('6份已提交的申报仍待受理');

    expect(await move('reviewing')).toMatchObject({
      success: false,
      message: `不能变更为「评审中」：申报期尚未结束（${batch.applyEnd}截止），如需提前截止申报请填写原因`,
    });
    expect(await move('reviewing', { closeEarly: true, reason: '  ' })).toMatchObject({
      success: false,
      message: '提前截止申报的原因不能为空',
    });
    expect(await move('reviewing', { closeEarly: true, reason: '主管部门要求提前评审' })).toMatchObject({
      success: true,
      message: '批次已变更为「评审中」',
    });

    const log = await sql<{
      log_content: string;
      username: string;
    }>`select log_content, username from sys_log where log_content like ${'提前截止申报%'}`.execute(t.db);
    expect(log.rows).toEqual([
      { log_content: `提前截止申报：批次${batch.name}（申报截止日期${batch.applyEnd}），原因：主管部门要求提前评审`, username: 'staff' },
    ]);
    for (const n of [1, 2, 3, 4, 11, 12]) expect(await stateOf(n)).toBe('closed');
    expect(await stateOf(5)).toBe('submitted');
    expect(await company.put('/xypj/application/edit', { id: app(1), remark: '再改' })).toMatchObject({
      success: false,
      message: '申报「已截止」，不能修改',
    });
  });

  it('scores out of range or with two decimals are refused on submit as on save, naming the limit', async () => {
    const [sheet] = (await sheetsOf('expert')).filter((s) => s.applicationId === app(14));
    const [first] = await itemsOf(sheet!.id);
    const over = Number(first!.maxScore) + 0.5;
    expect(
      await expert.post('/xypj/scoreSheet/submit', { id: sheet!.id, items: [{ criteriaItemId: first!.criteriaItemId, score: over }] }),
    ).toMatchObject({
      success: false,
      message: `「${first!.item}」的得分应在0到${Number(first!.maxScore)}分之间`,
    });
    expect(
      await expert.post('/xypj/scoreSheet/submit', { id: sheet!.id, items: [{ criteriaItemId: first!.criteriaItemId, score: -1 }] }),
    ).toMatchObject({
      message: `「${first!.item}」的得分应在0到${Number(first!.maxScore)}分之间`,
    });
    expect(
      await expert.post('/xypj/scoreSheet/submit', { id: sheet!.id, items: [{ criteriaItemId: first!.criteriaItemId, score: '3.25' }] }),
    ).toMatchObject({
      success: false,
      message: `「${first!.item}」的得分最多保留一位小数`,
    });
    const stored = await sql<{
      score: string | null;
    }>`select score from xypj_score_item where sheet_id = ${sheet!.id} and criteria_item_id = ${first!.criteriaItemId}`.execute(t.db);
    expect(stored.rows[0]!.score === null || Number(stored.rows[0]!.score) <= Number(first!.maxScore)).toBe(true);
  });

  it('开始公示 is refused while applications are unfinished, each kind counted and named', async () => {
    const names = async (ns: number[]) => (await Promise.all(ns.map(nameOf))).join('、');
    const expected = [
      `还有6份申报已提交未受理：${await names([5, 6, 7, 8, 9])}等`,
      `还有2份申报已受理未分配专家：${await names([15, 16])}`,
      `还有2份申报专家评分未完成：${await names([13, 14])}`,
      `还有2份申报已打分未复核：${await names([17, 18])}`,
    ];
    expect((await preview('publicity')).blockers).toEqual(expected);
    expect(await move('publicity')).toMatchObject({ success: false, message: `不能变更为「公示中」：${expected.join('；')}` });
    expect(await move('published')).toMatchObject({
      success: false,
      message: '批次只能从「评审中」变更为「公示中」，不能变更为「已发布」',
    });
  });

  it('确认复核 shows the mean, each deduction, the final score and the grade it then writes', async () => {
    const companyId = (await sql<{ id: string }>`select company_id as id from xypj_application where id = ${app(17)}`.execute(t.db))
      .rows[0]!.id;
    await sql`insert into xypj_bad_record (id, company_id, description, record_date, penalty, deduction, create_by, create_time)
      values ('bad_17', ${companyId}, '未按规定配备监理人员', ${`${batch.year}-02-03`}, '通报批评', 1.5, 'test', ${new Date()})`.execute(
      t.db,
    );
    const scores = (await staff.get(`/xypj/application/scores?id=${app(17)}`)).result;
    const totals = scores.sheets.map((s: { total: string }) => Number(s.total));
    const mean = Math.round(totals.reduce((a: number, b: number) => a + b * 10, 0) / totals.length) / 10;
    expect(scores.preview).toMatchObject({
      avgScore: mean,
      deductions: [{ recordDate: `${batch.year}-02-03`, description: '未按规定配备监理人员', penalty: '通报批评', deduction: 1.5 }],
      deduction: 1.5,
    });
    expect(scores.preview.finalScore).toBeCloseTo(Math.round(mean * 10 - 15) / 10, 5);
    const reviewed = await staff.post('/xypj/application/review', { id: app(17) });
    expect(reviewed.result).toEqual({
      avgScore: scores.preview.avgScore,
      deduction: 1.5,
      finalScore: scores.preview.finalScore,
      grade: scores.preview.grade,
    });
    expect((await staff.get(`/xypj/application/scores?id=${app(17)}`)).result.preview).toBeNull();
  });

  it('撤回 needs a reason and an accepted application; a withdrawn application’s open sheets close and take no scores', async () => {
    expect(await staff.post('/xypj/application/withdraw', { id: app(15) })).toMatchObject({ success: false, message: '撤回原因不能为空' });
    expect(await staff.post('/xypj/application/withdraw', { id: app(5), reason: '企业申请撤回' })).toMatchObject({
      success: false,
      message: '只有已受理、评审中或已复核的申报可以撤回，该申报是「已提交」状态',
    });
    expect(await company.status('POST', '/xypj/application/withdraw', { id: app(15), reason: 'x' })).toBe(403);
    for (const n of [13, 14, 15, 16])
      expect(await staff.post('/xypj/application/withdraw', { id: app(n), reason: '企业申请撤回' })).toMatchObject({ success: true });
    expect((await staff.get(`/xypj/application/queryById?id=${app(13)}`)).result).toMatchObject({
      state: 'withdrawn',
      withdrawReason: '企业申请撤回',
    });
    const own = await sheetsOf('expert');
    expect(own.map((s) => s.state)).toEqual(['closed', 'closed']);
    expect(await expert.post('/xypj/scoreSheet/save', { id: own[0]!.id, items: [] })).toMatchObject({
      success: false,
      message: '评分表已截止，不能修改',
    });
    // a sheet its expert had submitted before the withdrawal cannot be sent back either
    await sql`update xypj_score_sheet set state = 'submitted' where id = ${own[0]!.id}`.execute(t.db);
    expect(await staff.post('/xypj/scoreSheet/sendBack', { id: own[0]!.id, reason: '重评' })).toMatchObject({
      success: false,
      message: '该申报已撤回，不能退回评分表',
    });
    await sql`update xypj_score_sheet set state = 'closed' where id = ${own[0]!.id}`.execute(t.db);
    expect((await expert.get('/xypj/dashboard/mine')).result.sheets).toMatchObject({ closed: 2 });
    expect((await expert.get('/xypj/dashboard/mine')).result.sheets.draft).toBeUndefined();
  });

  it('once every accepted application is reviewed or withdrawn 开始公示 goes; later returned ones close, sheets are read-only', async () => {
    for (const n of [5, 6, 7, 8, 9, 10])
      expect(await staff.post('/xypj/application/return', { id: app(n), reason: '材料不全' })).toMatchObject({ success: true });
    expect((await preview('publicity')).blockers).toEqual([`还有1份申报已打分未复核：${await nameOf(18)}`]);
    expect(await staff.post('/xypj/application/review', { id: app(18) })).toMatchObject({ success: true });
    const plan = await preview('publicity');
    expect(plan.blockers).toEqual([]);
    expect(plan.effects).toEqual([
      '4份已复核申报的评价结果将在结果公示中公开',
      '6份未提交的申报将被截止',
      '专家评分表和复核结果不能再修改',
    ]);
    expect(await move('publicity')).toMatchObject({ success: true, message: '批次已变更为「公示中」' });
    for (const n of [5, 10]) expect(await stateOf(n)).toBe('closed');

    const [sheet] = (await sheetsOf('reviewer2')).filter((s) => s.applicationId === app(17));
    await sql`update xypj_score_sheet set state = 'draft' where id = ${sheet!.id}`.execute(t.db);
    expect(await reviewer2.post('/xypj/scoreSheet/save', { id: sheet!.id, items: [] })).toMatchObject({
      success: false,
      message: `批次${batch.name}已结束评审，评分表不能修改`,
    });
    expect(await reviewer2.post('/xypj/scoreSheet/submit', { id: sheet!.id })).toMatchObject({
      success: false,
      message: `批次${batch.name}已结束评审，评分表不能修改`,
    });
    expect((await reviewer2.get('/xypj/dashboard/mine')).result.sheets.draft).toBeUndefined();
    expect(await staff.post('/xypj/application/withdraw', { id: app(19), reason: 'x' })).toMatchObject({
      success: false,
      message: `批次${batch.name}已进入公示，不能再撤回申报`,
    });
    expect((await staff.get(`/xypj/application/scores?id=${app(19)}`)).result).toMatchObject({
      reviewClosed: `批次${batch.name}已进入公示，不能再复核或退回评分表`,
      preview: null,
    });

    const summary = (await staff.get('/xypj/dashboard/summary')).result;
    expect(summary.applications).toEqual({ closed: 12, withdrawn: 4, reviewed: 4 });
  });

  it('发布结果 waits for the end of the publicity window and for every objection to be answered', async () => {
    await sql`update xypj_batch set publicity_end = null where id = ${batch.id}`.execute(t.db);
    expect((await preview('published')).blockers).toEqual(['批次未设置公示截止日期，请先设置公示时间']);
    await sql`update xypj_batch set publicity_end = ${batch.publicityEnd} where id = ${batch.id}`.execute(t.db);
    expect(await move('published')).toMatchObject({
      success: false,
      message: `不能变更为「已发布」：公示期尚未结束（${batch.publicityEnd}截止）`,
    });

    const target = await nameOf(19);
    expect(
      await staff.post('/xypj/objection/add', { batchId: seeded.batch(batch.year - 1), companyName: target, content: '业绩不实' }),
    ).toMatchObject({
      success: false,
      message: `批次${batch.year - 1}年度监理企业信用评价不在公示期，不能登记或修改异议`,
    });
    expect(
      await staff.post('/xypj/objection/add', {
        batchId: batch.id,
        companyName: target,
        raisedBy: '匿名',
        content: '业绩不实',
        state: 'answered',
      }),
    ).toMatchObject({ success: true });
    const objection = (await staff.get(`/xypj/objection/list?batchId=${batch.id}`)).result.records[0];
    expect(objection).toMatchObject({ state: 'open', answer: null });
    await sql`update xypj_batch set publicity_end = ${dayBefore(officeToday())} where id = ${batch.id}`.execute(t.db);
    expect(await move('published')).toMatchObject({ success: false, message: `不能变更为「已发布」：还有1条异议未答复：${target}` });

    expect(await staff.put('/xypj/objection/edit', { id: objection.id, answer: '经核实业绩真实，异议不成立' })).toMatchObject({
      success: true,
    });
    expect((await staff.get(`/xypj/objection/queryById?id=${objection.id}`)).result).toMatchObject({
      state: 'answered',
      answer: '经核实业绩真实，异议不成立',
    });
    expect((await staff.get(`/xypj/objection/queryById?id=${objection.id}`)).result.answerTime).toBeTruthy();
    const plan = await preview('published');
    expect(plan).toMatchObject({ blockers: [], effects: ['4份评价结果将发布，颁发4张证书'] });
    expect(await move('published')).toMatchObject({ success: true, message: '批次已变更为「已发布」，已颁发4张证书' });
    expect(await staff.put('/xypj/objection/edit', { id: objection.id, answer: '改' })).toMatchObject({
      success: false,
      message: `批次${batch.name}不在公示期，不能登记或修改异议`,
    });
  });

  it('rows left open by a batch moved before the guards existed are closed at start', async () => {
    await sql`update xypj_application set state = 'draft' where id = ${app(1)}`.execute(t.db);
    await sql`update xypj_application set state = 'returned' where id = ${app(5)}`.execute(t.db);
    const [sheet] = (await sheetsOf('reviewer2')).filter((s) => s.applicationId === app(17));
    await sql`update xypj_score_sheet set state = 'returned' where id = ${sheet!.id}`.execute(t.db);
    await closeLeftovers(t.db);
    expect([await stateOf(1), await stateOf(5)]).toEqual(['closed', 'closed']);
    expect((await sheetsOf('reviewer2')).find((s) => s.id === sheet!.id)!.state).toBe('closed');
    expect(await stateOf(19)).toBe('published');
  });
});
