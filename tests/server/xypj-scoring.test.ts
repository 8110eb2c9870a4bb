import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalScoreOf, gradeOf, rerankBatch } from '../../server/modules/xypj/results';
import { planAssignments } from '../../server/modules/xypj/assignment';
import { seedXypjScoringData } from '../../server/modules/xypj/seed-scoring';
import { backends, startTestApp, type TestApp } from './support/app';
import { caller, seeded, type Caller } from './support/xypj';

interface Sheet {
  id: string;
  applicationId: string;
  expertId: string;
  state: string;
  total: number | string | null;
  returnReason: string | null;
}
interface Item {
  criteriaItemId: string;
  item: string;
  maxScore: number | string;
}

describe('result formula (pure)', () => {
  it('mean of the totals minus the deduction, floored at 0, one decimal', () => {
    expect(finalScoreOf([80, 85, 90.5], 2)).toEqual({ avgScore: 85.2, finalScore: 83.2 });
    expect(finalScoreOf([80, 81], 0)).toEqual({ avgScore: 80.5, finalScore: 80.5 });
    expect(finalScoreOf([10.1, 10.2, 10.2], 0)).toEqual({ avgScore: 10.2, finalScore: 10.2 });
    expect(finalScoreOf([5, 6], 20)).toEqual({ avgScore: 5.5, finalScore: 0 });
  });
  it('grades by the thresholds, highest first', () => {
    const t = [
      { grade: 'AAA', min: 90 },
      { grade: 'AA', min: 80 },
      { grade: 'C', min: 0 },
    ];
    expect([gradeOf(90, t), gradeOf(89.9, t), gradeOf(80, t), gradeOf(0, t)]).toEqual(['AAA', 'AA', 'AA', 'C']);
  });
  it('auto-assignment plans keep loads within one and skip own-unit experts', () => {
    const experts = ['e1', 'e2', 'e3', 'e4', 'e5'].map((id) => ({ id, name: id, workUnit: id === 'e1' ? '甲公司' : '大学', status: '1' }));
    const apps = Array.from({ length: 5 }, (_, i) => ({ id: `a${i}`, company: { name: i === 0 ? '甲公司' : `乙${i}` } }));
    const { plan } = planAssignments(apps, experts, new Map([['e2', 2]]), 3);
    expect(plan[0]!.expertIds).not.toContain('e1');
    const load = new Map<string, number>([['e2', 2]]);
    for (const p of plan) for (const e of p.expertIds) load.set(e, (load.get(e) ?? 0) + 1);
    const values = experts.map((e) => load.get(e.id) ?? 0);
    expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
  });
});

describe.each(backends())('assignment, scoring and review on %s', (backend) => {
  let t: TestApp;
  let staff: Caller;
  let company: Caller;
  let experts: Caller[];
  let year: number;
  let batchId: string;
  const app = (n: number) => seeded.application(year, n);

  const sheetsOf = async (applicationId: string): Promise<Sheet[]> =>
    (await staff.get(`/xypj/scoreSheet/list?pageSize=50&applicationId=${applicationId}`)).result.records;
  const itemsOf = async (c: Caller, sheetId: string): Promise<Item[]> =>
    (await c.get(`/xypj/scoreSheet/queryItemListByMainId?id=${sheetId}`)).result;
  const fullScores = (items: Item[], ratio: number) =>
    items.map((i) => ({ criteriaItemId: i.criteriaItemId, score: Math.round(Number(i.maxScore) * ratio * 10) / 10, comment: '符合要求' }));
  const stateOf = async (id: string) => (await staff.get(`/xypj/application/queryById?id=${id}`)).result.state;

  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = caller(t, await t.login('staff'));
    company = caller(t, await t.login('company'));
    experts = [caller(t, await t.login('expert')), caller(t, await t.login('reviewer2')), caller(t, await t.login('reviewer3'))];
    const batch = (await staff.get('/xypj/batch/current')).result;
    year = batch.year;
    batchId = batch.id;
  });
  afterAll(() => t?.close());

  it('seeds assigned, scored and reviewed applications once, with ranked results', async () => {
    expect(await seedXypjScoringData(t.db)).toBe(false);
    const states = await Promise.all([13, 14, 15, 17, 19].map((n) => stateOf(app(n))));
    expect(states).toEqual(['assigned', 'assigned', 'accepted', 'scored', 'reviewed']);
    const results = (await staff.get(`/xypj/result/list?batchId=${batchId}`)).result.records;
    expect(results).toHaveLength(2);
    const r19 = results.find((r: { applicationId: string }) => r.applicationId === app(19));
    expect(Number(r19.deduction)).toBe(3);
    expect(results.map((r: { ranking: number }) => r.ranking).sort()).toEqual([1, 2]);
    const mine = (await experts[0]!.get('/xypj/scoreSheet/list')).result.records as Sheet[];
    expect(mine.map((s) => s.applicationId).sort()).toEqual([app(13), app(14)]);
  });

  it('scopes: an expert sees only own sheets and assigned applications; a company no sheets', async () => {
    const [expert] = experts;
    const others = await sheetsOf(app(17));
    expect(await expert!.get(`/xypj/scoreSheet/queryById?id=${others[0]!.id}`)).toMatchObject({
      success: false,
      message: '只能查看和填写本人的评分表',
      result: null,
    });
    const apps = (await expert!.get('/xypj/application/list?pageSize=50')).result.records as Array<{ id: string }>;
    expect(apps.map((a) => a.id).sort()).toEqual([app(13), app(14)]);
    const snapshot = (await expert!.get(`/xypj/application/queryById?id=${app(13)}`)).result;
    expect(snapshot.snapshot).toContain(snapshot.companyName);
    expect(await expert!.get(`/xypj/application/queryById?id=${app(17)}`)).toMatchObject({
      success: false,
      message: '只能查看分配给本人评审的申报',
    });
    expect(await company.status('GET', '/xypj/scoreSheet/list')).toBe(403);
    expect(await company.status('GET', `/xypj/scoreSheet/queryItemListByMainId?id=${others[0]!.id}`)).toBe(403);
    expect(await expert!.post('/xypj/scoreSheet/add', { applicationId: app(17), expertId: seeded.expert(1), batchId })).toMatchObject({
      success: false,
    });
  });

  it('refuses saving a sheet of an unassigned application, another expert’s sheet, a score over the max or with two decimals', async () => {
    const [expert] = experts;
    expect(await expert!.post('/xypj/scoreSheet/save', { applicationId: app(17), items: [] })).toMatchObject({
      success: false,
      message: '该申报未分配给您评审，不能打分',
    });
    const others = await sheetsOf(app(17));
    expect(await expert!.post('/xypj/scoreSheet/save', { id: others[0]!.id, items: [] })).toMatchObject({
      success: false,
      message: '该评分表不是分配给您的，不能打分',
    });
    const sheet = (await sheetsOf(app(13))).find((s) => s.expertId === seeded.expert(1))!;
    const items = await itemsOf(expert!, sheet.id);
    const first = items[0]!;
    expect(
      await expert!.post('/xypj/scoreSheet/save', {
        id: sheet.id,
        items: [{ criteriaItemId: first.criteriaItemId, score: Number(first.maxScore) + 0.5 }],
      }),
    ).toMatchObject({
      success: false,
      message: `「${first.item}」的得分应在0到${Number(first.maxScore)}分之间`,
    });
    expect(
      await expert!.post('/xypj/scoreSheet/save', { id: sheet.id, items: [{ criteriaItemId: first.criteriaItemId, score: 1.25 }] }),
    ).toMatchObject({ success: false, message: `「${first.item}」的得分最多保留一位小数` });
    expect(await experts[1]!.post('/xypj/scoreSheet/save', { id: sheet.id, items: [] })).toMatchObject({ success: false });
    expect(await staff.post('/xypj/scoreSheet/save', { id: sheet.id, items: [] })).toMatchObject({ success: false });
  });

  it('the office sees an expert’s scores only once the sheet is submitted', async () => {
    const [expert] = experts;
    const sheet = (await sheetsOf(app(14))).find((s) => s.expertId === seeded.expert(1))!;
    const [first] = await itemsOf(expert!, sheet.id);
    expect(
      await expert!.post('/xypj/scoreSheet/save', {
        id: sheet.id,
        items: [{ criteriaItemId: first!.criteriaItemId, score: 6.5, comment: '草稿意见' }],
      }),
    ).toMatchObject({ success: true });
    const view = (await staff.get(`/xypj/application/scores?id=${app(14)}`)).result;
    const draft = view.sheets.find((s: { id: string }) => s.id === sheet.id);
    expect(draft).toMatchObject({ state: 'draft', total: null });
    expect(draft.items.every((i: { score: unknown; comment: unknown }) => i.score === null && i.comment === null)).toBe(true);
  });

  it('three experts score, submit (then locked); staff send one back with a reason; the expert resubmits; review writes the result', async () => {
    const sheets = await sheetsOf(app(13));
    const byExpert = (c: number) => sheets.find((s) => s.expertId === seeded.expert(c + 1))!;
    const ratios = [0.9, 0.8, 0.85];
    for (const [k, c] of experts.entries()) {
      const sheet = byExpert(k);
      const items = await itemsOf(c, sheet.id);
      const saved = await c.post('/xypj/scoreSheet/save', { id: sheet.id, items: fullScores(items, ratios[k]!).slice(0, 2) });
      expect(saved).toMatchObject({ success: true, result: { state: 'draft' } });
      expect(await c.post('/xypj/scoreSheet/submit', { id: sheet.id })).toMatchObject({
        success: false,
        message: `请为「${items[2]!.item}」打分后再提交`,
      });
      expect(await c.post('/xypj/scoreSheet/submit', { id: sheet.id, items: fullScores(items, ratios[k]!) })).toMatchObject({
        success: true,
        result: { state: 'submitted' },
      });
      expect(await c.post('/xypj/scoreSheet/save', { id: sheet.id, items: [] })).toMatchObject({
        success: false,
        message: '评分表已提交，不能修改',
      });
      expect(await c.post('/xypj/scoreSheet/submit', { id: sheet.id })).toMatchObject({
        success: false,
        message: '评分表已提交，不能修改',
      });
    }
    expect(await stateOf(app(13))).toBe('scored');
    const totals = (await sheetsOf(app(13))).map((s) => Number(s.total));
    expect(totals.every((x) => x > 0)).toBe(true);

    const second = byExpert(1);
    expect(await staff.post('/xypj/scoreSheet/sendBack', { id: second.id, reason: ' ' })).toMatchObject({
      success: false,
      message: '退回原因不能为空',
    });
    expect(await staff.post('/xypj/scoreSheet/sendBack', { id: (await sheetsOf(app(14)))[0]!.id, reason: '再看看' })).toMatchObject({
      success: false,
      message: '只有已提交的评分表可以退回',
    });
    expect(await experts[0]!.status('POST', '/xypj/scoreSheet/sendBack', { id: second.id, reason: 'x' })).toBe(403);
    expect(await staff.post('/xypj/scoreSheet/sendBack', { id: second.id, reason: '第三项评分偏高，请核实' })).toMatchObject({
      success: true,
    });
    expect(await stateOf(app(13))).toBe('assigned');
    expect(await staff.post('/xypj/application/review', { id: app(13) })).toMatchObject({ success: false });
    const returned = (await experts[1]!.get(`/xypj/scoreSheet/queryById?id=${second.id}`)).result;
    expect(returned).toMatchObject({ state: 'returned', returnReason: '第三项评分偏高，请核实' });
    const items = await itemsOf(experts[1]!, second.id);
    expect(await experts[1]!.post('/xypj/scoreSheet/submit', { id: second.id, items: fullScores(items, 0.75) })).toMatchObject({
      success: true,
    });
    expect(await stateOf(app(13))).toBe('scored');

    const final = (await sheetsOf(app(13))).map((s) => Math.round(Number(s.total) * 10));
    const expected = Math.round(final.reduce((a, b) => a + b, 0) / final.length) / 10;
    const reviewed = await staff.post('/xypj/application/review', { id: app(13) });
    expect(reviewed).toMatchObject({ success: true, result: { finalScore: expected, deduction: 0 } });
    expect(await stateOf(app(13))).toBe('reviewed');
    expect(await staff.post('/xypj/scoreSheet/sendBack', { id: byExpert(0).id, reason: '再看看' })).toMatchObject({
      success: false,
      message: '该申报已复核，不能退回评分表',
    });
  });

  it('deducts the bad-behaviour records of the evaluation year only, floored at 0; grades follow the dictionary as it is now', async () => {
    const companyOf = async (n: number) => (await staff.get(`/xypj/application/queryById?id=${app(n)}`)).result.companyId as string;
    const c17 = await companyOf(17);
    const bad = (id: string, companyId: string, date: string, deduction: number) =>
      sql`insert into xypj_bad_record (id, company_id, description, record_date, deduction) values (${id}, ${companyId}, '测试', ${date}, ${deduction})`.execute(
        t.db,
      );
    await bad('t_bad_1', c17, `${year}-02-01`, 4.5);
    await bad('t_bad_2', c17, `${year - 1}-12-31`, 7);
    await bad('t_bad_3', c17, `${year + 1}-01-01`, 6);
    const totals = (await sheetsOf(app(17))).map((s) => Math.round(Number(s.total) * 10));
    const mean = totals.reduce((a, b) => a + b, 0) / totals.length;
    const r17 = (await staff.post('/xypj/application/review', { id: app(17) })).result;
    expect(r17).toMatchObject({ deduction: 4.5, finalScore: Math.round(mean - 45) / 10 });
    const expectedGrade =
      r17.finalScore >= 90 ? 'AAA' : r17.finalScore >= 80 ? 'AA' : r17.finalScore >= 70 ? 'A' : r17.finalScore >= 60 ? 'B' : 'C';
    expect(r17.grade).toBe(expectedGrade);

    // every grade's minimum lowered to 0 except C: a later result is AAA whatever its score
    await sql`update sys_dict_item set description = '最低分 0' where item_value in ('AAA', 'AA', 'A', 'B') and dict_id = (select id from sys_dict where dict_code = 'xypj_grade')`.execute(
      t.db,
    );
    const c18 = await companyOf(18);
    expect((await staff.post('/xypj/application/review', { id: app(18) })).result).toMatchObject({ grade: 'AAA' });
    const stored17 = (await staff.get(`/xypj/result/list?applicationId=${app(17)}`)).result.records[0];
    expect(stored17.grade).toBe(expectedGrade);
    await sql`update sys_dict_item set description = '最低分 ' || (case item_value when 'AAA' then 90 when 'AA' then 80 when 'A' then 70 when 'B' then 60 else 0 end)
      where dict_id = (select id from sys_dict where dict_code = 'xypj_grade')`.execute(t.db);

    // 120 points of this year's deductions: the final score stops at 0 (re-review after a send-back)
    for (let i = 0; i < 6; i++) await bad(`t_bad_f${i}`, c18, `${year}-03-0${i + 1}`, 20);
    await sql`update xypj_application set state = 'scored' where id = ${app(18)}`.execute(t.db);
    expect((await staff.post('/xypj/application/review', { id: app(18) })).result).toMatchObject({
      deduction: 120,
      finalScore: 0,
      grade: 'C',
    });
  });

  it('ranks every result of the batch after each review; ties share a rank', async () => {
    const results = (await staff.get(`/xypj/result/list?batchId=${batchId}&pageSize=50`)).result.records as Array<{
      id: string;
      finalScore: number | string;
      ranking: number;
    }>;
    expect(results.length).toBe(5);
    for (const r of results) expect(r.ranking).toBe(1 + results.filter((o) => Number(o.finalScore) > Number(r.finalScore)).length);
    const [a, b] = [...results].sort((x, y) => Number(y.finalScore) - Number(x.finalScore));
    await sql`update xypj_result set final_score = ${Number(a!.finalScore)} where id = ${b!.id}`.execute(t.db);
    await rerankBatch(t.db, batchId);
    const again = (await staff.get(`/xypj/result/list?batchId=${batchId}&pageSize=50`)).result.records as Array<{
      id: string;
      ranking: number;
    }>;
    const rank = (id: string) => again.find((r) => r.id === id)!.ranking;
    expect([rank(a!.id), rank(b!.id)]).toEqual([1, 1]);
    expect(Math.min(...again.filter((r) => r.id !== a!.id && r.id !== b!.id).map((r) => r.ranking))).toBe(3);
  });

  it('manual assignment: exactly N active experts, never of the company’s own unit', async () => {
    const target = app(15);
    const detail = (await staff.get(`/xypj/application/queryById?id=${target}`)).result;
    await sql`update xypj_expert set work_unit = ${detail.companyName} where id = ${seeded.expert(4)}`.execute(t.db);
    await sql`update xypj_expert set status = '0' where id = ${seeded.expert(8)}`.execute(t.db);
    expect(await staff.post('/xypj/application/assign', { id: target, expertIds: [seeded.expert(1), seeded.expert(2)] })).toMatchObject({
      success: false,
      message: '每份申报需分配3位专家，当前选择了2位',
    });
    expect(
      await staff.post('/xypj/application/assign', { id: target, expertIds: [seeded.expert(1), seeded.expert(2), seeded.expert(4)] }),
    ).toMatchObject({
      success: false,
      message: expect.stringMatching(/^专家.+的工作单位是.+，不能评审本单位的申报$/),
    });
    expect(
      await staff.post('/xypj/application/assign', { id: target, expertIds: [seeded.expert(1), seeded.expert(2), seeded.expert(8)] }),
    ).toMatchObject({ success: false, message: expect.stringMatching(/已停用/) });
    expect(
      await staff.post('/xypj/application/assign', { id: app(17), expertIds: [seeded.expert(1), seeded.expert(2), seeded.expert(3)] }),
    ).toMatchObject({
      success: false,
      message: '只有已受理的申报可以分配专家，该申报是「已复核」状态',
    });
    expect(await experts[0]!.status('POST', '/xypj/application/assign', { id: target, expertIds: [] })).toBe(403);
    expect(
      await staff.post('/xypj/application/assign', { id: target, expertIds: [seeded.expert(1), seeded.expert(2), seeded.expert(5)] }),
    ).toMatchObject({ success: true });
    expect(await stateOf(target)).toBe('assigned');
    // reassign before anything is submitted: expert 5 replaced by 6
    expect(
      await staff.post('/xypj/application/assign', { id: target, expertIds: [seeded.expert(1), seeded.expert(2), seeded.expert(6)] }),
    ).toMatchObject({ success: true });
    expect((await sheetsOf(target)).map((s) => s.expertId).sort()).toEqual([seeded.expert(1), seeded.expert(2), seeded.expert(6)]);
    expect((await staff.get(`/xypj/application/queryById?id=${target}`)).result.expertNames.split('、')).toHaveLength(3);
    // back to accepted for the one-click test
    await sql`delete from xypj_score_item where sheet_id in (select id from xypj_score_sheet where application_id = ${target})`.execute(
      t.db,
    );
    await sql`delete from xypj_score_sheet where application_id = ${target}`.execute(t.db);
    await sql`update xypj_application set state = 'accepted' where id = ${target}`.execute(t.db);
  });

  it('one-click assignment spreads the load and skips the company’s own unit', async () => {
    const res = await staff.post('/xypj/application/autoAssign', { batchId });
    expect(res).toMatchObject({ success: true, message: '已为2份申报分配专家', result: { assigned: 2, skipped: 0 } });
    expect((await sheetsOf(app(15))).map((s) => s.expertId)).not.toContain(seeded.expert(4));
    const overview = (await staff.get(`/xypj/application/assignment?batchId=${batchId}`)).result;
    const active = (overview.experts as Array<{ id: string; status: string; load: number }>).filter((e) => e.status === '1');
    const loads = active.map((e) => e.load);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    expect(await staff.post('/xypj/application/autoAssign', { batchId })).toMatchObject({
      success: false,
      message: expect.stringMatching(/没有待分配专家的已受理申报/),
    });
  });

  it('once the batch is in publicity, no more reviews', async () => {
    await sql`update xypj_batch set state = 'publicity' where id = ${batchId}`.execute(t.db);
    await sql`update xypj_application set state = 'scored' where id = ${app(14)}`.execute(t.db);
    expect(await staff.post('/xypj/application/review', { id: app(14) })).toMatchObject({
      success: false,
      message: expect.stringMatching(/已进入公示，不能再复核或退回评分表$/),
    });
    await sql`update xypj_application set state = 'assigned' where id = ${app(14)}`.execute(t.db);
    await sql`update xypj_batch set state = 'open' where id = ${batchId}`.execute(t.db);
  });
});
