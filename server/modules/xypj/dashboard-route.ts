import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { ok } from '../../core/envelope';
import type { JsonValue } from '../../core/json';
import type { Db } from '../../db/types';
import { callerOf } from './caller';
import { findRecord } from './records';

type Counts = Record<string, number>;

/**
 * States as the batch leaves them (what its moves store; older rows counted the same way): a draft
 * of a batch no longer open, or a returned application of a batch in publicity or later, is 已截止.
 */
const APPLICATION_STATE = sql<string>`case when a.state = 'draft' and b.state <> 'open' then 'closed'
  when a.state = 'returned' and b.state in ('publicity', 'published', 'closed') then 'closed' else a.state end`;

/** A sheet not submitted is 已截止 once its application is withdrawn or its batch past 评审中. */
const SHEET_STATE = sql<string>`case when s.state <> 'submitted' and (sb.state not in ('open', 'reviewing') or sa.state = 'withdrawn') then 'closed' else s.state end`;
const SHEET_JOINS = sql`join xypj_batch sb on sb.id = s.batch_id join xypj_application sa on sa.id = s.application_id`;

async function countBy(db: Db, query: RawBuilder<{ key: string; n: number }>): Promise<Counts> {
  const res = await query.execute(db);
  return Object.fromEntries(res.rows.map((r) => [r.key, Number(r.n)]));
}

/** The batch the home page is about: the open one, else the latest that is not a draft. */
async function currentBatchId(db: Db): Promise<string | undefined> {
  const res = await sql<{ id: string }>`select id from xypj_batch where state <> 'draft'
    order by (state = 'open') desc, year desc, create_time desc limit 1`.execute(db);
  return res.rows[0]?.id;
}

async function batchFigures(db: Db, batchId: string) {
  const batch = await findRecord(db, 'xypj_batch', batchId);
  const applications = await countBy(
    db,
    sql`select ${APPLICATION_STATE} as key, count(*)::int as n from xypj_application a
    join xypj_batch b on b.id = a.batch_id where a.batch_id = ${batchId} group by 1`,
  );
  const grades = await countBy(
    db,
    sql`select grade as key, count(*)::int as n from xypj_result where batch_id = ${batchId} and grade is not null group by grade`,
  );
  const avg = await sql<{
    avg: string | null;
  }>`select round(avg(final_score), 1) as avg from xypj_result where batch_id = ${batchId}`.execute(db);
  return {
    batch: batch ? { id: batch.id, name: batch.name, year: batch.year, state: batch.state } : null,
    applications,
    grades,
    averageScore: avg.rows[0]?.avg === null || avg.rows[0]?.avg === undefined ? null : Number(avg.rows[0].avg),
  };
}

/** Sheets per expert in the batch: assigned, submitted (draft and returned ones are still to do). */
async function expertProgress(db: Db, batchId: string): Promise<Array<Record<string, JsonValue>>> {
  const res = await sql<{ expertId: string; name: string; assigned: number; submitted: number; returned: number }>`
    select s.expert_id as "expertId", e.name, count(*) filter (where ${SHEET_STATE} <> 'closed')::int as assigned,
      count(*) filter (where ${SHEET_STATE} = 'submitted')::int as submitted, count(*) filter (where ${SHEET_STATE} = 'returned')::int as returned
    from xypj_score_sheet s join xypj_expert e on e.id = s.expert_id ${SHEET_JOINS}
    where s.batch_id = ${batchId} group by s.expert_id, e.name order by e.name`.execute(db);
  return res.rows.map((r) => ({ ...r, assigned: Number(r.assigned), submitted: Number(r.submitted), returned: Number(r.returned) }));
}

/**
 * GET /xypj/dashboard/summary (xypj:dashboard:view): companies by status; for the current batch the
 * applications by state, grades, average score and each expert's scoring progress; and the same
 * figures of the batch of the year before, for comparison.
 */
async function summary(db: Db) {
  const byStatus = await countBy(db, sql`select status as key, count(*)::int as n from xypj_company group by status`);
  const companies = { registered: Object.values(byStatus).reduce((a, b) => a + b, 0), ...byStatus };
  const batchId = await currentBatchId(db);
  if (!batchId) return { companies, batch: null, applications: {}, grades: {}, averageScore: null, experts: [], lastYear: null };
  const current = await batchFigures(db, batchId);
  const previous = await sql<{ id: string }>`select id from xypj_batch where year = ${Number(current.batch?.year) - 1} and state <> 'draft'
    order by create_time desc limit 1`.execute(db);
  const lastYear = previous.rows[0] ? await batchFigures(db, previous.rows[0].id) : null;
  return { companies, ...current, experts: await expertProgress(db, batchId), lastYear };
}

/** GET /xypj/dashboard/mine (signed in): an expert's own sheets to do; a company's application and latest grade. */
async function mine(db: Db, request: Parameters<typeof callerOf>[0]) {
  const caller = await callerOf(request, db);
  if (caller.kind === 'expert' && caller.expertId) {
    const sheets = await countBy(
      db,
      sql`select ${SHEET_STATE} as key, count(*)::int as n from xypj_score_sheet s ${SHEET_JOINS}
      where s.expert_id = ${caller.expertId} group by 1`,
    );
    return { kind: 'expert', sheets };
  }
  if (caller.kind === 'company' && caller.companyId) {
    const company = await findRecord(db, 'xypj_company', caller.companyId);
    const batchId = await currentBatchId(db);
    const application = batchId
      ? ((
          await sql<{ id: string; state: string; returnReason: string | null }>`select id, state, return_reason as "returnReason"
          from xypj_application where batch_id = ${batchId} and company_id = ${caller.companyId}`.execute(db)
        ).rows[0] ?? null)
      : null;
    const batch = batchId ? await findRecord(db, 'xypj_batch', batchId) : null;
    const latest = await sql<{ grade: string; finalScore: string; year: number; certNo: string | null; certStatus: string | null }>`
      select r.grade, r.final_score as "finalScore", r.eval_year as year, c.cert_no as "certNo", c.status as "certStatus"
      from xypj_result r left join xypj_certificate c on c.result_id = r.id
      where r.company_id = ${caller.companyId} and r.published_at is not null
      order by r.eval_year desc, r.published_at desc limit 1`.execute(db);
    const grade = latest.rows[0] ? { ...latest.rows[0], finalScore: Number(latest.rows[0].finalScore) } : null;
    return {
      kind: 'company',
      companyStatus: company?.status ?? null,
      batch: batch ? { id: batch.id, name: batch.name, state: batch.state } : null,
      application,
      latestGrade: grade,
    };
  }
  return { kind: 'none' };
}

export function dashboardRoute(api: FastifyInstance, { db }: AppDeps): void {
  api.get('/xypj/dashboard/summary', { config: { permission: 'xypj:dashboard:view' } }, async () => ok(await summary(db)));
  api.get('/xypj/dashboard/mine', { config: { authenticated: true } }, async (request) => ok(await mine(db, request)));
}
