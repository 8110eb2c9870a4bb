import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { ok } from '../../core/envelope';
import { findRecord } from './records';

/**
 * GET /xypj/dashboard/summary (xypj:dashboard:view): the home page tiles — companies registered
 * and by status, and the applications of the current batch (the open one, else the latest) by state.
 */
export function dashboardRoute(api: FastifyInstance, { db }: AppDeps): void {
  api.get('/xypj/dashboard/summary', { config: { permission: 'xypj:dashboard:view' } }, async () => {
    const companies = await sql<{ status: string; n: number }>`select status, count(*)::int as n from xypj_company group by status`.execute(db);
    const byStatus = Object.fromEntries(companies.rows.map((r) => [r.status, Number(r.n)]));
    const latest = await sql<{ id: string }>`select id from xypj_batch where state <> 'draft'
      order by (state = 'open') desc, year desc, create_time desc limit 1`.execute(db);
    const batchId = latest.rows[0]?.id;
    const batch = batchId ? await findRecord(db, 'xypj_batch', batchId) : null;
    const applications: Record<string, number> = {};
    if (batchId) {
      const res = await sql<{ state: string; n: number }>`select state, count(*)::int as n from xypj_application where batch_id = ${batchId} group by state`.execute(db);
      for (const r of res.rows) applications[r.state] = Number(r.n);
    }
    return ok({
      companies: { registered: Object.values(byStatus).reduce((a, b) => a + b, 0), ...byStatus },
      batch: batch ? { id: batch.id, name: batch.name, year: batch.year, state: batch.state } : null,
      applications,
    });
  });
}
