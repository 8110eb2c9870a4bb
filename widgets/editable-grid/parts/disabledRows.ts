import type { GridRow } from '../types';

/** disabledRows: { columnKey: value | values[] } — a row matching any entry is read-only and unselectable. */
export function isRowDisabled(row: GridRow, disabledRows: Record<string, unknown> | undefined): boolean {
  if (!disabledRows) return false;
  for (const [key, expected] of Object.entries(disabledRows)) {
    const v = row[key];
    if (Array.isArray(expected) ? expected.some((e) => e === v) : expected === v) return true;
  }
  return false;
}
