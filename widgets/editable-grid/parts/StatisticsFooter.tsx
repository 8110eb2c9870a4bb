import { useMemo } from 'react';
import type { GridColumn, GridRow } from '../types';
import { computeStatistics } from '../model/statistics';
import type { LaidOutColumn } from './GridRowView';

export interface StatisticsFooterProps {
  columns: LaidOutColumn[];
  dataColumns: GridColumn[];
  rows: readonly GridRow[];
  version: number;
  width: number;
}

/** Footer rows 合计 / 平均; the label sits in the first column. */
export function StatisticsFooter({ columns, dataColumns, rows, version, width }: StatisticsFooterProps) {
  // rows change in place; version tells when
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stats = useMemo(() => computeStatistics(rows, dataColumns), [rows, dataColumns, version]);
  if (stats.length === 0) return null;
  return (
    <>
      {stats.map((s, index) => (
        <div
          key={s.kind}
          className="eg-footer-row"
          role="row"
          data-statistics={s.kind}
          style={{ width, bottom: (stats.length - 1 - index) * 40 }}
        >
          {columns.map((c, i) => (
            <div
              key={c.id}
              className={`eg-td ${c.placement?.className ?? ''}`}
              role="cell"
              style={{ width: c.width, height: 40, ...c.placement?.style }}
            >
              {i === 0 ? s.label : c.column && c.column.key in s.values ? String(s.values[c.column.key]) : ''}
            </div>
          ))}
        </div>
      ))}
    </>
  );
}
