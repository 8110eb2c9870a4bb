/**
 * Budget: staff paging the company list (企业管理, `xypj_company`) of 10,000 companies, filtered by
 * status and sorted by creation time, answers in ≤ 30 ms (median, through app.inject on PGlite, the
 * row scope and dictionary texts included).
 */
import { sql } from 'kysely';

const BUDGET_MS = 30;
const ROWS = 10_000;
const WARMUP = 10;
const RUNS = 50;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { startTestApp } = await import('../../tests/server/support/app');
const t = await startTestApp('pglite');
try {
  await sql`insert into xypj_company (id, name, credit_code, contact, mobile, qual_level, status, create_by, create_time)
    select 'bench' || lpad(g::text, 19, '0'), '基准监理有限公司' || g, '91' || lpad(g::text, 16, '0'), '联系人', '13900000000',
      ((g % 5) + 1)::text, case when g % 10 = 0 then 'pending' else 'approved' end, 'admin', now() - make_interval(secs => g)
    from generate_series(1, ${ROWS}) g`.execute(t.db);
  await sql`vacuum analyze xypj_company`.execute(t.db);
  const token = await t.login('staff');
  const url = '/api/xypj/company/list?status=approved&column=createTime&order=desc&pageNo=3&pageSize=20';
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const res = await t.request({ method: 'GET', url, token });
    const elapsed = performance.now() - started;
    const body = res.json() as { success: boolean; result: { total: number; records: unknown[] } };
    if (!body.success || body.result.total < ROWS * 0.9 || body.result.records.length !== 20)
      throw new Error(`unexpected answer: ${res.body.slice(0, 300)}`);
    if (i >= WARMUP) times.push(elapsed);
  }
  const m = median(times);
  process.stdout.write(
    `company list on ${ROWS} companies (filter status, sort createTime desc, page 3 of 20, as staff): median ${m.toFixed(1)} ms over ${RUNS} runs; budget ${BUDGET_MS} ms; ratio ${(m / BUDGET_MS).toFixed(2)}\n`,
  );
  process.exitCode = m <= BUDGET_MS ? 0 : 1;
} finally {
  await t.close();
}
