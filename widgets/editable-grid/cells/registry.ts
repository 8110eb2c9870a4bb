import type { ComponentType } from 'react';
import type { GridColumn, GridRow, GridSize } from '../types';

/** Props every cell editor and display receives. */
export interface CellRenderProps {
  value: unknown;
  row: GridRow;
  rowId: string;
  rowIndex: number;
  column: GridColumn;
  disabled: boolean;
  size: GridSize;
  /** Report a new value while editing (per keystroke). */
  onChange: (value: unknown) => void;
  /** Finish editing; with an argument it also sets that value. */
  onCommit: (value?: unknown) => void;
  /** The key typed on the cell that opened this editor, as the search of a searchable select. */
  initialSearch?: string;
}

/**
 * `edit`: read-only text until the cell is clicked; `visible`: the control is always shown;
 * `cell`: never editable.
 */
export type CellMode = 'edit' | 'visible' | 'cell';

export interface CellTypeDefinition {
  mode: CellMode;
  Editor?: ComponentType<CellRenderProps>;
  /** Read-only face; default is the text from `toText`. */
  Display?: ComponentType<CellRenderProps>;
  toText?: (value: unknown, column: GridColumn) => string;
  minWidth?: number;
  /** How typing on the cursor cell starts editing (mode `edit` only); absent: typing does nothing. */
  startByTyping?: (key: string, column: GridColumn) => TypedStart;
}

/**
 * What a printable key typed on the keyboard cursor does to a cell: `value` opens the editor with the key
 * as the new text, `search` opens it with the key as its search, `open` just opens it; null: nothing.
 */
export type TypedStart = 'value' | 'search' | 'open' | null;

/** Names of the grid's own columns; a custom cell type may not take them. */
export const RESERVED_CELL_TYPES: readonly string[] = ['row-number', 'row-checkbox', 'row-radio', 'row-expand', 'row-drag-sort'];

const cellTypes = new Map<string, CellTypeDefinition>();

export function reservedCellTypeMessage(type: string): string {
  return `【installCell】不能使用"${type}"作为组件的type，因为这是关键字。`;
}

/** Register a cell type. Reserved names throw; a later registration replaces an earlier one. */
export function registerCellType(type: string, definition: CellTypeDefinition): void {
  if (RESERVED_CELL_TYPES.includes(type)) throw new Error(reservedCellTypeMessage(type));
  if (!type) throw new Error('cell type name must not be empty');
  cellTypes.set(type, definition);
}

/** Several names for one definition (e.g. `select-search` and `sel_search`). */
export function registerCellTypeAliases(types: readonly string[], definition: CellTypeDefinition): void {
  for (const t of types) registerCellType(t, definition);
}

export function getCellType(type: string | undefined): CellTypeDefinition | undefined {
  return cellTypes.get(type || 'normal');
}

export function registeredCellTypes(): string[] {
  return [...cellTypes.keys()];
}
