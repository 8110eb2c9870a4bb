import type { GridColumn, GridRow, StatisticsKind } from '../types';

export const STATISTICS_LABELS: Record<StatisticsKind, string> = { sum: '合计', average: '平均' };

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** One footer row per statistics kind any column asks for, in the order sum, average. */
export function computeStatistics(
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
): { kind: StatisticsKind; label: string; values: Record<string, number> }[] {
  const kinds = (['sum', 'average'] as const).filter((k) => columns.some((c) => c.statistics?.includes(k)));
  return kinds.map((kind) => {
    const values: Record<string, number> = {};
    for (const c of columns) {
      if (!c.statistics?.includes(kind)) continue;
      let total = 0;
      for (const r of rows) {
        const n = parseFloat(String(r[c.key] ?? ''));
        if (Number.isFinite(n)) total += n;
      }
      values[c.key] = round(kind === 'sum' ? total : rows.length ? total / rows.length : 0);
    }
    return { kind, label: STATISTICS_LABELS[kind], values };
  });
}
