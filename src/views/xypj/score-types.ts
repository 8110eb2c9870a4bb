/** Shapes of the scoring answers (server/modules/xypj/scoring-routes.ts, review-routes.ts). */
import type { SheetState } from '@contract/xypj-states';

export { SHEET_STATE_TEXT } from '@contract/xypj-states';

export type Row = Record<string, unknown>;

export interface ScoreItem {
  id: string;
  sheetId: string;
  criteriaItemId: string;
  category: string;
  item: string;
  maxScore: number | string;
  guide?: string | null;
  orderNum?: number | null;
  score: number | string | null;
  comment?: string | null;
}

export interface ScoreSheetRow {
  id: string;
  applicationId: string;
  expertId: string;
  expertName: string;
  state: SheetState;
  total: number | string | null;
  submitTime?: string | null;
  returnReason?: string | null;
  items?: ScoreItem[];
}

export const SHEET_STATE_COLOR: Record<string, string> = { draft: 'default', submitted: 'green', returned: 'orange', closed: 'default' };

/** Sum of the scores in tenths, shown with one decimal. */
export function totalOf(scores: Array<number | string | null | undefined>): string {
  const tenths = scores.reduce<number>((acc, s) => acc + (s === null || s === undefined || s === '' ? 0 : Math.round(Number(s) * 10)), 0);
  return (tenths / 10).toFixed(1);
}

export const numberOrNull = (v: unknown): number | null =>
  v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v);

/** Why a score cannot be saved, in the server's words (scoring-routes.ts), or null; blank is allowed until 提交. */
export function scoreProblem(item: Pick<ScoreItem, 'item' | 'maxScore'>, score: number | null): string | null {
  if (score === null) return null;
  const max = Number(item.maxScore);
  if (score < 0 || score > max) return `「${item.item}」的得分应在0到${max}分之间`;
  if (Math.abs(score * 10 - Math.round(score * 10)) > 1e-9) return `「${item.item}」的得分最多保留一位小数`;
  return null;
}
