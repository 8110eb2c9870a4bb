import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { officeToday } from './caller';
import { publishBatchResults } from './certificates';
import { gradeOf, gradeThresholds } from './results';
import { seedId } from './seed';

const SEED_KEY = 'xypj:demo-data-published';
export const DEMO_REVOKE_REASON = '经核查，该企业申报材料中的业绩信息不实，撤销信用等级证书';

interface AppRow {
  id: string;
  company_id: string;
  company_name: string | null;
  credit_code: string | null;
}

/**
 * Last year's batch of the demo data, published: the demo company gets an application there too, every
 * application of the batch a reviewed result (expert mean minus bad-behaviour deductions), then the batch
 * is published by the same code as the 发布结果 button (certificates numbered XYPJ-{year}-00001…), and one
 * certificate is revoked. Results the scoring work already wrote are published as they are. Once
 * (sys_seed_applied), and only while that batch is still `reviewing` without certificates.
 */
export async function seedPublishedBatch(db: Db, today = officeToday()): Promise<boolean> {
  const done = await db.selectFrom('sys_seed_applied').select('seed_key').where('seed_key', '=', SEED_KEY).executeTakeFirst();
  if (done) return false;
  const year = Number(today.slice(0, 4)) - 1;
  const batchId = seedId('batch', year);
  const batch = await sql<{ state: string }>`select state from xypj_batch where id = ${batchId}`.execute(db);
  if (batch.rows[0]?.state !== 'reviewing') return false;
  const certs = await sql`select 1 as one from xypj_certificate where batch_id = ${batchId} limit 1`.execute(db);
  if (certs.rows.length) return false;
  const now = new Date();

  await db.transaction().execute(async (tx) => {
    const demoCompany = seedId('company', 1);
    const demo = await sql<{
      name: string;
      credit_code: string;
    }>`select name, credit_code from xypj_company where id = ${demoCompany}`.execute(tx);
    const hasDemoApp = await sql`select 1 as one from xypj_application where batch_id = ${batchId} and company_id = ${demoCompany}`.execute(
      tx,
    );
    if (demo.rows[0] && !hasDemoApp.rows.length) {
      await sql`insert into xypj_application (id, batch_id, company_id, company_name, credit_code, state, materials, submit_time, accept_time, create_by, create_time)
        values (${seedId(`app_${year}`, 1)}, ${batchId}, ${demoCompany}, ${demo.rows[0].name}, ${demo.rows[0].credit_code}, 'accepted',
          ${`xypj/application/1/${year}.pdf`}, ${new Date(`${year}-04-01T02:00:00Z`)}, ${new Date(`${year}-04-10T02:00:00Z`)}, 'system', ${now})`.execute(
        tx,
      );
    }
    const hasResults = await sql`select 1 as one from xypj_result where batch_id = ${batchId} limit 1`.execute(tx);
    if (!hasResults.rows.length) {
      const apps =
        await sql<AppRow>`select id, company_id, company_name, credit_code from xypj_application where batch_id = ${batchId} order by company_id`.execute(
          tx,
        );
      const deductions = await sql<{
        company_id: string;
        total: string | number;
      }>`select company_id, sum(deduction) as total from xypj_bad_record
        where record_date >= ${`${year}-01-01`} and record_date <= ${`${year}-12-31`} group by company_id`.execute(tx);
      const deductionOf = new Map(deductions.rows.map((d) => [d.company_id, Number(d.total)]));
      const reviewTime = new Date(`${year}-06-28T02:00:00Z`);
      const thresholds = await gradeThresholds(tx);
      const scored = apps.rows.map((a, i) => {
        const avgScore = Math.round((95.5 - ((i * 37) % 42)) * 10) / 10;
        const deduction = deductionOf.get(a.company_id) ?? 0;
        const finalScore = Math.max(0, Math.round((avgScore - deduction) * 10) / 10);
        return { a, avgScore, deduction, finalScore };
      });
      scored.sort((x, y) => y.finalScore - x.finalScore);
      let rank = 0;
      const values = scored.map((s, i) => {
        if (i === 0 || s.finalScore !== scored[i - 1]!.finalScore) rank = i + 1;
        return sql`(${sql.join([
          `xypj_result_${year}_${s.a.company_id.slice(-3)}`,
          batchId,
          s.a.id,
          s.a.company_id,
          s.a.company_name,
          s.a.credit_code,
          year,
          s.avgScore,
          s.deduction,
          s.finalScore,
          gradeOf(s.finalScore, thresholds),
          rank,
          reviewTime,
          'system',
          now,
        ])})`;
      });
      if (values.length) {
        await sql`insert into xypj_result (id, batch_id, application_id, company_id, company_name, credit_code, eval_year, avg_score, deduction, final_score, grade, ranking, review_time, create_by, create_time)
          values ${sql.join(values)}`.execute(tx);
      }
      await sql`update xypj_application set state = 'reviewed' where batch_id = ${batchId} and state <> 'returned'`.execute(tx);
    }
    await sql`update xypj_batch set state = 'published', update_by = 'system', update_time = ${now} where id = ${batchId}`.execute(tx);
    await publishBatchResults(tx, batchId, 'system', `${year}-07-20`, new Date(`${year}-07-20T02:00:00Z`));
    const last = await sql<{
      id: string;
    }>`select id from xypj_certificate where batch_id = ${batchId} and company_id <> ${demoCompany} order by cert_no desc limit 1`.execute(
      tx,
    );
    if (last.rows[0]) {
      await sql`update xypj_certificate set status = 'revoked', revoke_reason = ${DEMO_REVOKE_REASON}, revoke_time = ${new Date(`${year}-09-01T02:00:00Z`)}
        where id = ${last.rows[0].id}`.execute(tx);
    }
    await tx.insertInto('sys_seed_applied').values({ seed_key: SEED_KEY, applied_time: now }).execute();
  });
  return true;
}
