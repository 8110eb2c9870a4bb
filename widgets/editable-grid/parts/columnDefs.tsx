import type { ReactNode } from 'react';
import { Checkbox, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import type { ColumnDef } from '@tanstack/react-table';
import type { GridColumn, GridRow } from '../types';
import { dataColumnWidth, internalColumnWidth, type InternalColumn } from './layout';
import type { LaidOutColumn } from './GridRowView';
import { fixedPlacements, orderByFixed } from './fixedColumns';

/** Select-all state, computed by the grid without building every TanStack row. */
export interface GridTableMeta {
  allSelected: boolean;
  someSelected: boolean;
  toggleAll: (checked: boolean) => void;
}

export interface LayoutOptions {
  dragSort?: boolean;
  rowNumber?: boolean;
  rowSelection?: boolean;
  rowSelectionType?: 'checkbox' | 'radio';
  rowExpand?: boolean;
}

/**
 * The grid's own columns (drag, #, selection, expand; frozen on the left) followed by the visible data
 * columns, left-frozen ones first and right-frozen ones last.
 */
export function layoutColumns(dataColumns: readonly GridColumn[], o: LayoutOptions): LaidOutColumn[] {
  const withStatistics = dataColumns.some((c) => c.statistics?.length);
  const internal: InternalColumn[] = [];
  if (o.dragSort) internal.push('row-drag-sort');
  if (o.rowNumber) internal.push('row-number');
  if (o.rowSelection) internal.push(o.rowSelectionType === 'radio' ? 'row-radio' : 'row-checkbox');
  if (o.rowExpand) internal.push('row-expand');
  const columns: LaidOutColumn[] = [
    ...internal.map((kind): LaidOutColumn => ({
      id: kind,
      internal: kind,
      width: internalColumnWidth(kind, withStatistics),
      fixed: 'left',
    })),
    ...orderByFixed(dataColumns).map((column): LaidOutColumn => ({
      id: column.key,
      column,
      width: dataColumnWidth(column),
      fixed: column.fixed,
    })),
  ];
  const placements = fixedPlacements(columns);
  return columns.map((c, i) => (placements[i] ? { ...c, placement: placements[i] } : c));
}

function isRequired(c: GridColumn): boolean {
  return !!c.validateRules?.some((r) => r.required || r.pattern === '*');
}

function dataHeader(c: GridColumn): ReactNode {
  return (
    <span>
      {isRequired(c) && (
        <Tooltip title={`${c.title}必填`} color="#ff4d4f">
          <span className="eg-required">*</span>
        </Tooltip>
      )}
      {c.title}
      {c.tip && (
        <Tooltip title={c.tip}>
          <QuestionCircleOutlined style={{ marginLeft: 4, color: 'rgba(0,0,0,.45)' }} />
        </Tooltip>
      )}
    </span>
  );
}

export function toColumnDefs(laidOut: readonly LaidOutColumn[], sortingEnabled: boolean): ColumnDef<GridRow>[] {
  return laidOut.map((c): ColumnDef<GridRow> => {
    if (c.internal) {
      return {
        id: c.id,
        size: c.width,
        enableSorting: false,
        header: ({ table }) => {
          if (c.internal === 'row-number') return '#';
          if (c.internal === 'row-checkbox') {
            const meta = table.options.meta as GridTableMeta | undefined;
            return (
              <Checkbox
                aria-label="全选"
                checked={!!meta?.allSelected}
                indeterminate={!!meta?.someSelected && !meta?.allSelected}
                onChange={(e) => meta?.toggleAll(e.target.checked)}
              />
            );
          }
          return null;
        },
      };
    }
    const column = c.column as GridColumn;
    return {
      id: c.id,
      size: c.width,
      accessorFn: (row) => row[column.key] as string | number | undefined,
      enableSorting: sortingEnabled && !!column.sortable,
      header: ({ header }) => {
        if (!header.column.getCanSort()) return dataHeader(column);
        const dir = header.column.getIsSorted();
        return (
          <span role="button" style={{ cursor: 'pointer' }} onClick={header.column.getToggleSortingHandler()}>
            {dataHeader(column)}
            {dir === 'asc' ? ' ↑' : dir === 'desc' ? ' ↓' : ''}
          </span>
        );
      },
    };
  });
}
