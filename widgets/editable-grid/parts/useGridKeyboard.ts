import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { Row } from '@tanstack/react-table';
import type { GridRow } from '../types';
import { getCellType, type CellTypeDefinition } from '../cells/registry';
import type { GridColumn } from '../types';
import type { LaidOutColumn, RowActions } from './GridRowView';
import { isMoveKey, nextPosition } from './keyboardNav';

type CellRef = { rowId: string; key: string } | null;

export interface GridKeyboardOptions {
  scrollRef: RefObject<HTMLDivElement>;
  rows: Row<GridRow>[];
  columns: LaidOutColumn[];
  active: CellRef;
  focused: CellRef;
  actions: RowActions;
  disabled: boolean;
  scrollToRow: (index: number) => void;
}

const FOCUSABLE = 'input:not([type="file"]),textarea,button,[tabindex]:not([tabindex="-1"]),.ant-select-selector';

function cellElement(container: HTMLElement, rowId: string, key: string): HTMLElement | null {
  return container.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(rowId)}"] [role="gridcell"][data-key="${CSS.escape(key)}"]`);
}

/** A key that types one character (Shift allowed; shortcuts with Ctrl/Alt/Meta are not typing). */
function isPrintable(e: KeyboardEvent<HTMLElement>): boolean {
  return [...e.key].length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
}

/** Scroll horizontally so the cell is not hidden under the frozen columns. */
function revealColumn(container: HTMLElement, columns: LaidOutColumn[], key: string): void {
  const index = columns.findIndex((c) => c.column?.key === key);
  const target = columns[index];
  if (!target || target.fixed) return;
  const start = columns.slice(0, index).reduce((w, c) => w + c.width, 0);
  const leftFrozen = columns.filter((c) => c.fixed === 'left').reduce((w, c) => w + c.width, 0);
  const rightFrozen = columns.filter((c) => c.fixed === 'right').reduce((w, c) => w + c.width, 0);
  if (start - leftFrozen < container.scrollLeft) container.scrollLeft = start - leftFrozen;
  else if (start + target.width > container.scrollLeft + container.clientWidth - rightFrozen) {
    container.scrollLeft = start + target.width - container.clientWidth + rightFrozen;
  }
}

/**
 * Keyboard use of the grid (focus on the grid itself): arrows, Tab/Shift+Tab, Home/End move the cursor;
 * Enter or F2 opens the cursor cell's editor (or focuses an always-shown control); typing a character
 * opens it with that character; Delete/Backspace empties the cell. In an editor Esc cancels (after
 * closing an open dropdown) and Tab keeps the value and moves on. The grid takes focus back when an
 * editor closes.
 */
export function useGridKeyboard(o: GridKeyboardOptions): (e: KeyboardEvent<HTMLDivElement>) => void {
  const dataColumns = o.columns.filter((c) => c.column);
  const wasEditing = useRef(false);

  useEffect(() => {
    const container = o.scrollRef.current;
    if (wasEditing.current && !o.active && container && (document.activeElement === document.body || document.activeElement === null)) {
      container.focus({ preventScroll: true });
    }
    wasEditing.current = !!o.active;
  }, [o.active, o.scrollRef]);

  const moveTo = (row: number, col: number) => {
    const container = o.scrollRef.current;
    const rowId = o.rows[row]?.id;
    const key = dataColumns[col]?.column?.key;
    if (!container || rowId == null || !key) return;
    o.actions.focus(rowId, key);
    o.scrollToRow(row);
    revealColumn(container, o.columns, key);
  };

  const position = (cell: CellRef) => {
    if (!cell) return null;
    const row = o.rows.findIndex((r) => r.id === cell.rowId);
    const col = dataColumns.findIndex((c) => c.column?.key === cell.key);
    return row >= 0 && col >= 0 ? { row, col } : null;
  };

  /** The cell's column and type when the user may change it. */
  const editable = (cell: { rowId: string; key: string }): { column: GridColumn; type: CellTypeDefinition } | null => {
    const column = dataColumns.find((c) => c.column?.key === cell.key)?.column;
    const row = o.rows.find((r) => r.id === cell.rowId);
    const type = getCellType(column?.type);
    if (!column || !row || !type || o.disabled || o.actions.isCellDisabled(row.original, column)) return null;
    return { column, type };
  };

  const open = (rowId: string, key: string) => {
    const container = o.scrollRef.current;
    const mode = editable({ rowId, key })?.type.mode;
    if (!container) return;
    if (mode === 'edit') o.actions.activate(rowId, key);
    else if (mode === 'visible') cellElement(container, rowId, key)?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  };

  const typeInto = (rowId: string, key: string, text: string): boolean => {
    const target = editable({ rowId, key });
    const start = target?.type.mode === 'edit' ? target.type.startByTyping?.(text, target.column) : null;
    if (!start) return false;
    o.actions.activate(rowId, key, start === 'open' ? undefined : { text, as: start });
    return true;
  };

  return (e) => {
    const container = o.scrollRef.current;
    if (!container) return;
    const onGrid = e.target === container;
    const editing = o.active;
    if (!onGrid) {
      const cell = (e.target as HTMLElement).closest<HTMLElement>('[role="gridcell"]');
      const rowId = cell?.closest('[data-row-id]')?.getAttribute('data-row-id');
      const key = cell?.getAttribute('data-key');
      if (!cell || rowId == null || !key) return;
      if (e.key === 'Escape') {
        // the Esc belongs to the cell: a modal or drawer around the grid must not close on it
        e.stopPropagation();
        // a control with its dropdown open closes that first; the next Esc cancels the edit
        if ((e.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
        if (editing && editing.rowId === rowId && editing.key === key) o.actions.cancel(rowId, key);
        else o.actions.focus(rowId, key);
        e.preventDefault();
        container.focus({ preventScroll: true });
      } else if (e.key === 'Tab') {
        const at = position({ rowId, key });
        const next = at && nextPosition(at, 'Tab', { shift: e.shiftKey, rows: o.rows.length, cols: dataColumns.length });
        if (!next) return;
        e.preventDefault();
        // focusing the grid blurs the editor, which keeps its value
        container.focus({ preventScroll: true });
        moveTo(next.row, next.col);
      }
      return;
    }
    const at = position(o.focused);
    if (isMoveKey(e.key)) {
      const next = at
        ? nextPosition(at, e.key, { shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey, rows: o.rows.length, cols: dataColumns.length })
        : o.rows.length && dataColumns.length
          ? { row: 0, col: 0 }
          : null;
      if (!next) return;
      e.preventDefault();
      moveTo(next.row, next.col);
    } else if ((e.key === 'Enter' || e.key === 'F2') && o.focused && at) {
      e.preventDefault();
      open(o.focused.rowId, o.focused.key);
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && o.focused && at) {
      e.preventDefault();
      if (editable(o.focused)?.type.mode === 'edit') o.actions.clear(o.focused.rowId, o.focused.key);
    } else if (isPrintable(e) && o.focused && at) {
      if (typeInto(o.focused.rowId, o.focused.key, e.key)) e.preventDefault();
    }
  };
}
