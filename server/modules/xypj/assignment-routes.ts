import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok } from '../../core/envelope';
import type { JsonValue } from '../../core/json';
import type { Db } from '../../db/types';
import { allExperts, assignExperts, expertLoads, planAssignments } from './assignment';
import { notifyExpertsAssigned } from './notify-events';
import { findRecord, requireRecord } from './records';
import { BATCH_ID_BODY, BATCH_ID_QUERY, ID_BODY, type IdBody } from './request-schemas';

/** The batch being evaluated: the given one, else the latest open or reviewing batch. */
export async function evaluationBatch(db: Db, batchId: unknown): Promise<Record<string, JsonValue>> {
  if (typeof batchId === 'string' && batchId) return await requireRecord(db, 'xypj_batch', batchId);
  const res = await sql<{
    id: string;
  }>`select id from xypj_batch where state in ('open', 'reviewing') order by year desc, create_time desc limit 1`.execute(db);
  const batch = res.rows[0] ? await findRecord(db, 'xypj_batch', res.rows[0].id) : null;
  if (!batch) throw businessError('当前没有申报中或评审中的批次');
  return batch;
}

const idList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .map((v) => String(v).trim())
    .filter((v) => v && v.length <= 64);

/**
 * POST /xypj/application/assign {id, expertIds}, POST /xypj/application/autoAssign {batchId},
 * GET /xypj/application/assignment?batchId= (the 专家分配 screen's data). Staff (xypj:application:assign).
 */
export function assignmentRoutes(api: FastifyInstance, { db }: AppDeps): void {
  const permission = 'xypj:application:assign';

  api.post<{ Body: IdBody & { expertIds?: unknown } }>(
    '/xypj/application/assign',
    { config: { permission }, schema: ID_BODY },
    async (request) => {
      const { user } = requireSession(request);
      const body = request.body;
      const app = await requireRecord(db, 'xypj_application', body.id);
      const since = new Date();
      await db.transaction().execute((tx) => assignExperts(tx, String(app.id), idList(body.expertIds), user.username));
      await notifyExpertsAssigned(request, { applicationId: String(app.id) }, since);
      return ok(null, '分配成功');
    },
  );

  api.post<{ Body: { batchId?: string } }>(
    '/xypj/application/autoAssign',
    { config: { permission }, schema: BATCH_ID_BODY },
    async (request) => {
      const { user } = requireSession(request);
      const batch = await evaluationBatch(db, request.body.batchId);
      const batchId = String(batch.id);
      const since = new Date();
      const result = await db.transaction().execute(async (tx) => {
        const apps = await sql<{ id: string; name: string; creditCode: string }>`select a.id, c.name, c.credit_code as "creditCode"
        from xypj_application a join xypj_company c on c.id = a.company_id
        where a.batch_id = ${batchId} and a.state = 'accepted' order by a.submit_time asc nulls last, a.id asc`.execute(tx);
        if (!apps.rows.length) throw businessError(`批次${String(batch.name)}没有待分配专家的已受理申报`);
        const { plan, skipped } = planAssignments(
          apps.rows.map((a) => ({ id: a.id, company: { name: a.name, creditCode: a.creditCode } })),
          await allExperts(tx),
          await expertLoads(tx, batchId),
          Number(batch.expertsPerApplication ?? 3),
        );
        for (const p of plan) await assignExperts(tx, p.applicationId, p.expertIds, user.username);
        return { assigned: plan.length, skipped: skipped.length };
      });
      await notifyExpertsAssigned(request, { batchId }, since);
      const message = result.skipped
        ? `已为${result.assigned}份申报分配专家，${result.skipped}份申报没有足够的可选专家`
        : `已为${result.assigned}份申报分配专家`;
      return ok(result, message);
    },
  );

  api.get<{ Querystring: { batchId?: string } }>(
    '/xypj/application/assignment',
    { config: { permission }, schema: BATCH_ID_QUERY },
    async (request) => {
      const batch = await evaluationBatch(db, request.query.batchId);
      const batchId = String(batch.id);
      const apps = await sql<
        Record<string, unknown>
      >`select id, company_name as "companyName", credit_code as "creditCode", state, expert_names as "expertNames"
      from xypj_application where batch_id = ${batchId} and state in ('accepted', 'assigned', 'scored', 'reviewed', 'published')
      order by case state when 'accepted' then 0 when 'assigned' then 1 else 2 end, accept_time asc nulls last, id asc`.execute(db);
      const sheets = await sql<{
        applicationId: string;
        expertId: string;
        expertName: string;
        state: string;
      }>`select application_id as "applicationId", expert_id as "expertId",
      expert_name as "expertName", state from xypj_score_sheet where batch_id = ${batchId} order by create_time asc, id asc`.execute(db);
      const loads = await expertLoads(db, batchId);
      const experts = (await allExperts(db)).map((e) => ({ ...e, load: loads.get(e.id) ?? 0 }));
      return ok({
        batch: { id: batchId, name: batch.name, year: batch.year, state: batch.state, expertsPerApplication: batch.expertsPerApplication },
        experts,
        applications: apps.rows.map((a) => ({ ...a, sheets: sheets.rows.filter((s) => s.applicationId === a.id) })),
      });
    },
  );
}
