import type { GridColumn } from '../types';
import { getCellType } from '../cells/registry';

export const ROW_HEIGHT = 61;
export const MAX_HEIGHT = 600;
export const DEFAULT_COLUMN_WIDTH = 140;
export const GRID_Z_INDEX = 1000;

export type InternalColumn = 'row-drag-sort' | 'row-number' | 'row-checkbox' | 'row-radio' | 'row-expand';

/** Spec §9: row number 60; selection, expand and drag handle 40, or 60 when the footer shows statistics. */
export function internalColumnWidth(kind: InternalColumn, withStatistics: boolean): number {
  if (kind === 'row-number') return 60;
  return withStatistics ? 60 : 40;
}

export function dataColumnWidth(column: GridColumn): number {
  const min = column.minWidth ?? getCellType(column.type)?.minWidth ?? 0;
  return Math.max(column.width ?? DEFAULT_COLUMN_WIDTH, min);
}

/** Ids of columns the auth prefix excludes, plus toolbar buttons they hide ('batch_delete' also hides 'remove'). */
export function excludedCodes(
  authPre: string | undefined,
  can: ((code: string) => boolean) | undefined,
  candidates: readonly string[],
  explicit?: readonly string[],
): Set<string> {
  const out = new Set<string>(explicit ?? []);
  if (authPre && can) {
    const prefix = authPre.endsWith(':') ? authPre : `${authPre}:`;
    for (const c of candidates) if (!can(prefix + c)) out.add(c);
  }
  if (out.has('batch_delete')) out.add('remove');
  return out;
}
