import { useEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { flexRender, type Table } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { GridColumn, GridRow, GridSize } from '../types';
import { GridRowView, type ActiveCell, type LaidOutColumn, type RowActions } from './GridRowView';
import { StatisticsFooter } from './StatisticsFooter';
import { useGridKeyboard } from './useGridKeyboard';

export const SCROLL_END_MS = 100;

export interface GridBodyProps {
  table: Table<GridRow>;
  columns: LaidOutColumn[];
  dataColumns: GridColumn[];
  rows: readonly GridRow[];
  version: number;
  rowHeight: number;
  height?: number;
  maxHeight: number;
  size: GridSize;
  disabled: boolean;
  alwaysEdit: boolean;
  active: ActiveCell | null;
  /** The keyboard cursor. */
  focused: { rowId: string; key: string } | null;
  actions: RowActions;
  renderExpand?: (row: GridRow) => ReactNode;
  scrollToIndex: MutableRefObject<(index: number) => void>;
  /** Key of the row at a display index without building the TanStack row. */
  rowKeyAt: (index: number) => string;
  onScroll?: () => void;
  overlay?: ReactNode;
}

/** Without layout (tests, hidden tabs) the viewport measures 0; assume the configured height then. */
function useFallbackRect(fallbackHeight: number) {
  return (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) =>
    observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width || 1200, height: fallbackHeight }));
}

export function GridBody(p: GridBodyProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrolling, setScrolling] = useState(false);
  const scrollTimer = useRef<ReturnType<typeof setTimeout>>();
  const modelRows = p.table.getRowModel().rows;
  const totalWidth = p.columns.reduce((w, c) => w + c.width, 0);
  const headerHeight = 40;
  const viewport = p.height ?? Math.min(p.maxHeight, headerHeight + modelRows.length * p.rowHeight + 2);
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => p.rowHeight,
    overscan: 8,
    getItemKey: p.rowKeyAt,
    observeElementRect: useFallbackRect(Math.max(viewport, p.rowHeight * 10)),
    initialRect: { width: 1200, height: Math.max(viewport, p.rowHeight * 10) },
  });

  useEffect(() => {
    p.scrollToIndex.current = (index) => {
      if (index >= 0) virtualizer.scrollToIndex(index, { align: 'end' });
    };
  }, [p.scrollToIndex, virtualizer]);
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  const onKeyDown = useGridKeyboard({
    scrollRef,
    rows: modelRows,
    columns: p.columns,
    active: p.active,
    focused: p.focused,
    actions: p.actions,
    disabled: p.disabled,
    scrollToRow: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  });

  const onScroll = () => {
    if (!scrolling) setScrolling(true);
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => setScrolling(false), SCROLL_END_MS);
    p.onScroll?.();
  };

  const headers = p.table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <div
      ref={scrollRef}
      className={`eg-scroll${scrolling ? ' eg-scrolling' : ''}`}
      role="grid"
      tabIndex={0}
      aria-rowcount={modelRows.length}
      onKeyDown={onKeyDown}
      style={{ height: p.height, maxHeight: p.height ? undefined : p.maxHeight }}
      onScroll={onScroll}
    >
      <div className="eg-header" role="row" style={{ width: totalWidth }}>
        {p.columns.map((c) => {
          const header = headers.find((h) => h.column.id === c.id);
          return (
            <div
              key={c.id}
              className={`eg-th ${c.placement?.className ?? ''}`}
              role="columnheader"
              style={{ width: c.width, ...c.placement?.style }}
            >
              {header && !header.isPlaceholder && flexRender(header.column.columnDef.header, header.getContext())}
            </div>
          );
        })}
      </div>
      <div style={{ position: 'relative', width: totalWidth, height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = modelRows[item.index];
          if (!row) return null;
          const expanded = row.getIsExpanded();
          const rowId = row.id;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={expanded ? virtualizer.measureElement : undefined}
              style={{ position: 'absolute', top: item.start, left: 0, width: totalWidth }}
            >
              <GridRowView
                row={row}
                rowId={rowId}
                rowIndex={item.index}
                rowCount={modelRows.length}
                columns={p.columns}
                activeKey={p.active && p.active.rowId === rowId ? p.active.key : null}
                activeSearch={p.active && p.active.rowId === rowId ? p.active.search : undefined}
                focusKey={p.focused && p.focused.rowId === rowId ? p.focused.key : null}
                alwaysEdit={p.alwaysEdit}
                disabled={p.disabled}
                size={p.size}
                selected={row.getIsSelected()}
                expanded={expanded}
                version={p.version}
                style={{ position: 'relative', height: p.rowHeight, width: totalWidth }}
                actions={p.actions}
              />
              {expanded && p.renderExpand && (
                <div className="eg-expand" style={{ position: 'relative', width: totalWidth }}>
                  {p.renderExpand(row.original)}
                </div>
              )}
            </div>
          );
        })}
      </div>
      <StatisticsFooter columns={p.columns} dataColumns={p.dataColumns} rows={p.rows} version={p.version} width={totalWidth} />
      {p.overlay}
    </div>
  );
}
