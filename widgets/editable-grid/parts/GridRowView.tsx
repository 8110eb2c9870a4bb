import { memo, type CSSProperties, type ReactNode } from 'react';
import { Checkbox, Radio } from 'antd';
import { MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { Row } from '@tanstack/react-table';
import type { GridColumn, GridRow, GridSize } from '../types';
import { GridCell } from './GridCell';
import { DRAG_MIME, RowHandle } from './RowHandle';
import type { InternalColumn } from './layout';
import type { FixedPlacement, FixedSide } from './fixedColumns';

export interface LaidOutColumn {
  id: string;
  width: number;
  internal?: InternalColumn;
  column?: GridColumn;
  fixed?: FixedSide;
  /** Sticky style of a frozen column (stable per layout, so memoised cells keep their props). */
  placement?: FixedPlacement;
}

/** A key typed on the keyboard cursor that opens the editor: as the new value or as the search of a select. */
export interface TypedKey {
  text: string;
  as: 'value' | 'search';
}

/** The cell being edited; `search` is the typed key a searchable select opens with. */
export interface ActiveCell {
  rowId: string;
  key: string;
  search?: string;
}

/** Callbacks shared by every row; one stable object per grid. */
export interface RowActions {
  activate: (rowId: string, key: string, typed?: TypedKey) => void;
  /** Move the keyboard cursor to a cell. */
  focus: (rowId: string, key: string) => void;
  /** Close the editor and put back the value it started with (Esc). */
  cancel: (rowId: string, key: string) => void;
  draft: (rowId: string, key: string, value: unknown) => void;
  /** Empty a cell (Delete/Backspace on the cursor), validated and reported like an edit. */
  clear: (rowId: string, key: string) => void;
  commit: (rowId: string, key: string, value: unknown, finish: boolean) => void;
  move: (from: number, to: number) => void;
  insertBelow: (rowIndex: number) => void;
  rowClick: (rowId: string, target: HTMLElement) => void;
  isCellDisabled: (row: GridRow, column: GridColumn) => boolean;
  errorOf: (rowId: string, key: string) => string | undefined;
  isHighlighted: (rowId: string, key: string) => boolean;
}

export interface GridRowViewProps {
  row: Row<GridRow>;
  rowId: string;
  rowIndex: number;
  rowCount: number;
  columns: LaidOutColumn[];
  activeKey: string | null;
  /** The typed search the active cell's editor opens with. */
  activeSearch?: string;
  /** Column key of the keyboard cursor when it is in this row. */
  focusKey: string | null;
  alwaysEdit: boolean;
  disabled: boolean;
  size: GridSize;
  selected: boolean;
  expanded: boolean;
  version: number;
  style: CSSProperties;
  actions: RowActions;
}

export const GridRowView = memo(function GridRowView(p: GridRowViewProps) {
  const { row, rowId, rowIndex, actions } = p;
  const original = row.original;
  return (
    <div
      className={`eg-row${p.selected ? ' eg-row-selected' : ''}`}
      role="row"
      aria-rowindex={rowIndex + 1}
      data-row-id={rowId}
      style={p.style}
      onClick={(e) => actions.rowClick(rowId, e.target as HTMLElement)}
      onDragOver={(e) => e.dataTransfer.types.includes(DRAG_MIME) && e.preventDefault()}
      onDrop={(e) => {
        const from = Number(e.dataTransfer.getData(DRAG_MIME));
        if (Number.isInteger(from)) actions.move(from, rowIndex);
      }}
    >
      {p.columns.map((c) => {
        if (c.internal) {
          let content: ReactNode = null;
          if (c.internal === 'row-number') content = rowIndex + 1;
          else if (c.internal === 'row-checkbox' || c.internal === 'row-radio') {
            const Control = c.internal === 'row-radio' ? Radio : Checkbox;
            content = (
              <Control
                aria-label="选择行"
                checked={p.selected}
                disabled={!row.getCanSelect() || p.disabled}
                onChange={() => row.toggleSelected()}
              />
            );
          } else if (c.internal === 'row-expand') {
            const Icon = p.expanded ? MinusSquareOutlined : PlusSquareOutlined;
            content = <Icon role="button" aria-label={p.expanded ? '收起' : '展开'} onClick={() => row.toggleExpanded()} />;
          } else if (c.internal === 'row-drag-sort') {
            content = (
              <RowHandle
                rowIndex={rowIndex}
                rowCount={p.rowCount}
                disabled={p.disabled}
                onMove={actions.move}
                onInsertBelow={actions.insertBelow}
              />
            );
          }
          return (
            <div
              key={c.id}
              className={`eg-td ${c.placement?.className ?? ''}`}
              data-internal={c.internal}
              style={{ width: c.width, justifyContent: 'center', ...c.placement?.style }}
            >
              {content}
            </div>
          );
        }
        const column = c.column as GridColumn;
        const editable = !p.disabled && !actions.isCellDisabled(original, column);
        return (
          <GridCell
            key={c.id}
            row={original}
            rowId={rowId}
            rowIndex={rowIndex}
            column={column}
            width={c.width}
            placement={c.placement}
            editing={p.alwaysEdit || p.activeKey === column.key}
            initialSearch={p.activeKey === column.key ? p.activeSearch : undefined}
            focused={p.focusKey === column.key}
            disabled={!editable}
            size={p.size}
            error={actions.errorOf(rowId, column.key)}
            highlighted={actions.isHighlighted(rowId, column.key)}
            version={p.version}
            onActivate={actions.activate}
            onFocus={actions.focus}
            onDraft={actions.draft}
            onCommit={actions.commit}
          />
        );
      })}
    </div>
  );
});
