import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { caller, type Caller } from './support/xypj';

describe.each(backends())('credit evaluation home page figures on %s', (backend) => {
  let t: TestApp;
  let staff: Caller;
  let company: Caller;
  let expert: Caller;

  beforeAll(async () => {
    t = await startTestApp(backend);
    staff = caller(t, await t.login('staff'));
    company = caller(t, await t.login('company'));
    expert = caller(t, await t.login('expert'));
  });
  afterAll(() => t?.close());

  const rows = async <T>(query: RawBuilder<T>): Promise<T[]> => (await query.execute(t.db)).rows;
  const results = async (batchId: string) =>
    Number((await rows(sql<{ n: number }>`select count(*)::int as n from xypj_result where batch_id = ${batchId}`))[0]!.n);

  it('staff see this batch’s grades, each expert’s scoring progress and last year’s figures', async () => {
    const summary = (await staff.get('/xypj/dashboard/summary')).result;
    expect(summary.batch.state).toBe('open');
    expect(Object.values(summary.grades as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(await results(summary.batch.id));

    const sheets = await rows(sql<{ expert_id: string; assigned: number; submitted: number }>`select expert_id, count(*)::int as assigned,
      count(*) filter (where state = 'submitted')::int as submitted from xypj_score_sheet where batch_id = ${summary.batch.id} group by expert_id`);
    expect(summary.experts.length).toBe(sheets.length);
    for (const row of sheets) {
      expect(summary.experts.find((e: { expertId: string }) => e.expertId === row.expert_id)).toMatchObject({
        assigned: row.assigned,
        submitted: row.submitted,
      });
    }
    expect(summary.experts.find((e: { name: string }) => e.name === '评审专家')?.assigned).toBeGreaterThan(0);

    expect(summary.lastYear.batch).toMatchObject({ year: summary.batch.year - 1, state: 'published' });
    const lastResults = await results(summary.lastYear.batch.id);
    expect(Object.values(summary.lastYear.grades as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(lastResults);
    expect(summary.lastYear.averageScore).toBeGreaterThan(0);
    expect(summary.lastYear.applications.published).toBe(lastResults);
  });

  it('an expert sees their own sheets by state', async () => {
    const mine = (await expert.get('/xypj/dashboard/mine')).result;
    const own = await rows(sql<{ state: string; n: number }>`select s.state, count(*)::int as n from xypj_score_sheet s
      join xypj_expert e on e.id = s.expert_id where e.username = 'expert' group by s.state`);
    expect(mine).toEqual({ kind: 'expert', sheets: Object.fromEntries(own.map((r) => [r.state, r.n])) });
    expect(own.length).toBeGreaterThan(0);
  });

  it('a company sees its application in the current batch and its latest published grade with the certificate', async () => {
    const mine = (await company.get('/xypj/dashboard/mine')).result;
    expect(mine).toMatchObject({ kind: 'company', companyStatus: 'approved', batch: { state: 'open' } });
    const [app] = await rows(sql<{ state: string }>`select a.state from xypj_application a join xypj_batch b on b.id = a.batch_id
      where a.company_id = 'xypj_company_001' and b.state = 'open'`);
    expect(mine.application?.state ?? null).toBe(app?.state ?? null);
    const [cert] = await rows(
      sql<{ cert_no: string; grade: string }>`select cert_no, grade from xypj_certificate where company_id = 'xypj_company_001'`,
    );
    expect(mine.latestGrade).toMatchObject({ grade: cert!.grade, certNo: cert!.cert_no, certStatus: 'valid' });
  });

  it('office staff have no own evaluation; a company cannot read the office figures', async () => {
    expect((await staff.get('/xypj/dashboard/mine')).result).toEqual({ kind: 'none' });
    expect(await company.status('GET', '/xypj/dashboard/summary')).toBe(403);
    expect(await caller(t).status('GET', '/xypj/dashboard/mine')).toBe(401);
  });
});
