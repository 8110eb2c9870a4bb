import { memo, useEffect, useState } from 'react';
import { Tooltip } from 'antd';
import type { GridColumn, GridRow, GridSize } from '../types';
import { getCellType, type CellRenderProps } from '../cells/registry';
import { plainText } from '../cells/text';
import type { FixedPlacement } from './fixedColumns';

export interface GridCellProps {
  row: GridRow;
  rowId: string;
  rowIndex: number;
  column: GridColumn;
  width: number;
  placement?: FixedPlacement;
  /** The one cell being edited (or every editable cell with alwaysEdit). */
  editing: boolean;
  /** The key typed on the cursor that opened a searchable editor. */
  initialSearch?: string;
  /** The keyboard cursor is on this cell. */
  focused: boolean;
  disabled: boolean;
  size: GridSize;
  error?: string;
  highlighted: boolean;
  /** Changes whenever the row's values may have changed, so memo lets the cell re-read them. */
  version: number;
  onActivate: (rowId: string, key: string) => void;
  onFocus: (rowId: string, key: string) => void;
  onDraft: (rowId: string, key: string, value: unknown) => void;
  onCommit: (rowId: string, key: string, value: unknown, finish: boolean) => void;
}

function CellBody(p: GridCellProps) {
  const { row, rowId, rowIndex, column, editing, disabled, size } = p;
  const type = getCellType(column.type) ?? getCellType('normal');
  const stored = row[column.key];
  const [draft, setDraft] = useState<unknown>(stored);
  useEffect(() => setDraft(stored), [stored, editing]);

  const renderProps: CellRenderProps = {
    value: editing ? draft : stored,
    row,
    rowId,
    rowIndex,
    column,
    disabled,
    size,
    initialSearch: editing ? p.initialSearch : undefined,
    onChange: (v) => {
      setDraft(v);
      p.onDraft(rowId, column.key, v);
    },
    onCommit: (v) => {
      const final = v === undefined ? draft : v;
      if (v !== undefined) setDraft(v);
      p.onCommit(rowId, column.key, final, type?.mode === 'edit');
    },
  };

  if (type?.mode === 'visible' && type.Editor) return <type.Editor {...renderProps} />;
  if (type?.mode === 'edit' && editing && !disabled && type.Editor) return <type.Editor {...renderProps} />;
  if (type?.Display) return <type.Display {...renderProps} />;
  const text = (type?.toText ?? plainText)(stored, column);
  return (
    <div className="eg-td-text" title={text}>
      {text}
    </div>
  );
}

/** One data cell: read-only text until activated, the editor while editing, errors as a red tooltip. */
export const GridCell = memo(function GridCell(p: GridCellProps) {
  const type = getCellType(p.column.type);
  const clickable = type?.mode === 'edit' && !p.disabled && !p.editing;
  const className = [
    'eg-td',
    p.error ? 'eg-td-error' : '',
    p.disabled ? 'eg-td-disabled' : '',
    p.highlighted ? 'eg-highlight' : '',
    p.placement?.className ?? '',
    p.focused ? 'eg-td-focus' : '',
  ].join(' ');
  const body = (
    <div
      className={className}
      role="gridcell"
      data-key={p.column.key}
      aria-selected={p.focused || undefined}
      style={{
        width: p.width,
        justifyContent: p.column.align === 'center' ? 'center' : p.column.align === 'right' ? 'flex-end' : undefined,
        ...p.placement?.style,
      }}
      onClick={() => (clickable ? p.onActivate(p.rowId, p.column.key) : p.onFocus(p.rowId, p.column.key))}
    >
      <CellBody {...p} />
    </div>
  );
  if (!p.error) return body;
  return (
    <Tooltip title={p.error} color="#ff4d4f">
      {body}
    </Tooltip>
  );
});
