import type { GridColumn, GridRow } from '../types';

let instanceCounter = 0;

/** Temporary ids of new rows carry a per-grid prefix so they never collide with database ids. */
export function createTempIdFactory(): (() => string) & { prefix: string } {
  const prefix = `__new_${++instanceCounter}_`;
  let n = 0;
  const make = () => `${prefix}${++n}`;
  return Object.assign(make, { prefix });
}

/** The value a new row gets for one column (defaultValue, checkbox custom values, order numbers). */
export function defaultValueFor(column: GridColumn, rows: readonly GridRow[]): unknown {
  if (column.type === 'checkbox') {
    const [on, off] = column.customValue ?? [true, false];
    if (column.defaultValue !== undefined) return column.defaultValue;
    return column.defaultChecked ? on : off;
  }
  if (column.isOrder && column.type === 'inputNumber') {
    let max = 0;
    for (const r of rows) {
      const n = Number(r[column.key]);
      if (Number.isFinite(n) && n > max) max = n;
    }
    return max + 1;
  }
  if (column.defaultValue !== undefined) {
    const d = column.defaultValue;
    return Array.isArray(d) ? [...d] : d;
  }
  return undefined;
}

export function buildNewRow(
  partial: GridRow,
  columns: readonly GridColumn[],
  rows: readonly GridRow[],
  rowKey: string,
  newId: () => string,
): GridRow {
  const row: GridRow = {};
  for (const c of columns) {
    const v = defaultValueFor(c, rows);
    if (v !== undefined) row[c.key] = v;
  }
  Object.assign(row, partial);
  if (row[rowKey] == null || row[rowKey] === '') row[rowKey] = newId();
  return row;
}

/** Rewrite the sort field 1..n in row order. Only rows whose number changes are touched. */
export function renumber(rows: GridRow[], sortKey: string): void {
  for (let i = 0; i < rows.length; i++) {
    if (rows[i][sortKey] !== i + 1) rows[i][sortKey] = i + 1;
  }
}

/** A new array with the element at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Clamp the add-row settings index: 0 = bottom, otherwise 1-based position capped to the row count. */
export function resolveInsertIndex(addIndex: number, rowCount: number): number {
  if (!Number.isFinite(addIndex) || addIndex <= 0 || addIndex > rowCount) return rowCount;
  return Math.floor(addIndex);
}
