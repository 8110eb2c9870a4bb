import { sql } from 'kysely';
import { businessError } from '../../core/envelope';
import { newId } from '../../core/ids';
import type { Db } from '../../db/types';
import { requireRecord } from './records';
import { reviewFigures } from './review-figures';

export interface GradeThreshold {
  grade: string;
  min: number;
}

/** Tenths of a point as an integer (scores have one decimal). */
export const tenths = (value: unknown): number => Math.round(Number(value ?? 0) * 10);

/**
 * The grades of dictionary `xypj_grade` as stored now (sys_dict_item), each with the minimum score
 * written in its description (`最低分 90`), highest first. Read at every computation so that a
 * changed threshold changes later results without code.
 */
export async function gradeThresholds(db: Db): Promise<GradeThreshold[]> {
  const rows = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select(['i.item_value', 'i.description'])
    .where('d.dict_code', '=', 'xypj_grade')
    .where('d.del_flag', '=', 0)
    .where('i.status', '=', 1)
    .orderBy('i.sort_order')
    .orderBy('i.item_value')
    .execute();
  const out: GradeThreshold[] = [];
  for (const row of rows) {
    const match = /(\d+(?:\.\d+)?)/.exec(row.description ?? '');
    if (match) out.push({ grade: row.item_value, min: Number(match[1]) });
  }
  if (!out.length) throw businessError('信用等级字典xypj_grade未配置最低分（字典项描述如“最低分 90”）');
  return out.sort((a, b) => b.min - a.min);
}

/** The grade of a final score: the first threshold (highest first) it reaches; else the lowest grade. */
export function gradeOf(finalScore: number, thresholds: readonly GradeThreshold[]): string {
  const hit = thresholds.find((t) => tenths(finalScore) >= tenths(t.min));
  return (hit ?? thresholds[thresholds.length - 1]!).grade;
}

/**
 * Final score from the experts' totals and the year's deduction: mean − deduction, floored at 0,
 * rounded to one decimal (half up), computed in tenths so no binary fraction creeps in.
 */
export function finalScoreOf(totals: readonly number[], deduction: number): { avgScore: number; finalScore: number } {
  if (!totals.length) throw businessError('没有已提交的评分表');
  const sum = totals.reduce((acc, t) => acc + tenths(t), 0);
  const n = totals.length;
  const avgScore = Math.round(sum / n) / 10;
  const finalScore = Math.max(0, Math.round((sum - tenths(deduction) * n) / n)) / 10;
  return { avgScore, finalScore };
}

/** Competition ranking of every result of the batch by final score (ties share a rank: 1, 1, 3). */
export async function rerankBatch(db: Db, batchId: string): Promise<void> {
  await sql`update xypj_result r set ranking = (
      select count(*) + 1 from xypj_result o where o.batch_id = r.batch_id and o.final_score > r.final_score)
    where r.batch_id = ${batchId}`.execute(db);
}

/** Why the batch no longer takes reviews or send-backs (its results are public), or null. */
export function batchClosedForReview(batch: { name?: unknown; state?: unknown }): string | null {
  return ['publicity', 'published', 'closed'].includes(String(batch.state))
    ? `批次${String(batch.name)}已进入公示，不能再复核或退回评分表`
    : null;
}

/**
 * 复核: writes (or rewrites) the result of an application whose sheets are all submitted, moves
 * it to `reviewed` and re-ranks its batch. Returns the stored result's figures.
 */
export async function reviewApplication(db: Db, applicationId: string, username: string, now = new Date()) {
  const app = await requireRecord(db, 'xypj_application', applicationId);
  const batch = await requireRecord(db, 'xypj_batch', app.batchId);
  const closed = batchClosedForReview(batch);
  if (closed) throw businessError(closed);
  const { avgScore, deduction, finalScore, grade } = await reviewFigures(db, app, batch);
  const evalYear = Number(batch.year);
  const existing = await sql<{ id: string }>`select id from xypj_result where application_id = ${applicationId}`.execute(db);
  const fields = {
    batchId: String(app.batchId),
    companyId: String(app.companyId),
    companyName: String(app.companyName ?? ''),
    creditCode: String(app.creditCode ?? ''),
  };
  if (existing.rows[0]) {
    await sql`update xypj_result set avg_score = ${avgScore}, deduction = ${deduction}, final_score = ${finalScore}, grade = ${grade}, eval_year = ${evalYear},
        review_time = ${now}, company_name = ${fields.companyName}, credit_code = ${fields.creditCode}, update_by = ${username}, update_time = ${now}
      where id = ${existing.rows[0].id}`.execute(db);
  } else {
    await sql`insert into xypj_result (id, batch_id, application_id, company_id, company_name, credit_code, eval_year, avg_score, deduction, final_score, grade, review_time, create_by, create_time)
      values (${newId()}, ${fields.batchId}, ${applicationId}, ${fields.companyId}, ${fields.companyName}, ${fields.creditCode}, ${evalYear},
        ${avgScore}, ${deduction}, ${finalScore}, ${grade}, ${now}, ${username}, ${now})`.execute(db);
  }
  await sql`update xypj_application set state = 'reviewed', update_by = ${username}, update_time = ${now} where id = ${applicationId}`.execute(
    db,
  );
  await rerankBatch(db, fields.batchId);
  return { avgScore, deduction, finalScore, grade };
}
