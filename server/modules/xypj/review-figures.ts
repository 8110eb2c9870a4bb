import { sql } from 'kysely';
import { businessError } from '../../core/envelope';
import type { JsonValue } from '../../core/json';
import type { Db } from '../../db/types';
import { finalScoreOf, gradeOf, gradeThresholds, tenths } from './results';

export interface DeductionLine {
  id: string;
  recordDate: string;
  description: string;
  penalty: string | null;
  deduction: number;
}

/** What 复核 computes for an application: shown before 确认复核 and written by it. */
export interface ReviewFigures {
  totals: number[];
  avgScore: number;
  deductions: DeductionLine[];
  deduction: number;
  finalScore: number;
  grade: string;
}

/** The company's bad-behaviour records dated in the evaluation year, each with its points. */
async function deductionLines(db: Db, companyId: string, year: number): Promise<DeductionLine[]> {
  const res = await sql<{ id: string; recordDate: unknown; description: string; penalty: string | null; deduction: string | number }>`
    select id, record_date as "recordDate", description, penalty, deduction from xypj_bad_record
    where company_id = ${companyId} and extract(year from record_date) = ${year} order by record_date asc, id asc`.execute(db);
  return res.rows.map((r) => ({
    id: r.id,
    recordDate: r.recordDate instanceof Date ? r.recordDate.toISOString().slice(0, 10) : String(r.recordDate).slice(0, 10),
    description: r.description,
    penalty: r.penalty,
    deduction: tenths(r.deduction) / 10,
  }));
}

/**
 * The experts' mean, the year's deductions (each record and their sum), the final score and the grade
 * of an application whose sheets are all submitted; refused otherwise.
 */
export async function reviewFigures(db: Db, app: Record<string, JsonValue>, batch: Record<string, JsonValue>): Promise<ReviewFigures> {
  const sheets = await sql<{
    state: string;
    total: string | number | null;
  }>`select state, total from xypj_score_sheet where application_id = ${String(app.id)}
    order by create_time asc, id asc`.execute(db);
  if (!sheets.rows.length) throw businessError('该申报尚未分配专家');
  if (sheets.rows.some((s) => s.state !== 'submitted')) throw businessError('该申报还有专家未提交评分，不能复核');
  const deductions = await deductionLines(db, String(app.companyId), Number(batch.year));
  const deduction = deductions.reduce((acc, d) => acc + tenths(d.deduction), 0) / 10;
  const totals = sheets.rows.map((s) => Number(s.total ?? 0));
  const { avgScore, finalScore } = finalScoreOf(totals, deduction);
  return { totals, avgScore, deductions, deduction, finalScore, grade: gradeOf(finalScore, await gradeThresholds(db)) };
}
