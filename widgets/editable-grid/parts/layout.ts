import type { GridColumn } from '../types';
import { getCellType } from '../cells/registry';

export const ROW_HEIGHT = 61;
export const MAX_HEIGHT = 600;
export const DEFAULT_COLUMN_WIDTH = 140;
/** The grid's popups, dropdowns and dialogs open at z-index 1000. */
export const GRID_Z_INDEX = 1000;
/** The sub-form popover lies inside the grid, under its popups: a dialog opened from a row must cover it. */
export const SUBFORM_Z_INDEX = GRID_Z_INDEX - 1;

export type InternalColumn = 'row-drag-sort' | 'row-number' | 'row-checkbox' | 'row-radio' | 'row-expand';

/** Column widths: row number 60; selection, expand and drag handle 40, or 60 when the footer shows statistics. */
export function internalColumnWidth(kind: InternalColumn, withStatistics: boolean): number {
  if (kind === 'row-number') return 60;
  return withStatistics ? 60 : 40;
}

export function dataColumnWidth(column: GridColumn): number {
  const min = column.minWidth ?? getCellType(column.type)?.minWidth ?? 0;
  return Math.max(column.width ?? DEFAULT_COLUMN_WIDTH, min);
}

/**
 * Column keys and toolbar buttons the auth prefix excludes ('batch_delete' also hides 'remove').
 * Only codes configured under the prefix and not granted count: `lookup` is the renderer's
 * `excludedCodes(prefix)`; a code nobody configured is never hidden.
 */
export function excludedCodes(
  authPre: string | undefined,
  lookup: ((prefix: string) => readonly string[]) | undefined,
  explicit?: readonly string[],
): Set<string> {
  const out = new Set<string>(explicit ?? []);
  if (authPre && lookup) {
    const prefix = authPre.endsWith(':') ? authPre : `${authPre}:`;
    for (const code of lookup(prefix)) out.add(code);
  }
  if (out.has('batch_delete')) out.add('remove');
  return out;
}
