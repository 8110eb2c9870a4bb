import { useRef, type CSSProperties, type ReactNode } from 'react';
import { Checkbox, Pagination } from 'antd';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { Row } from './useListPage';

/** The parts of an antd column definition this table understands. */
export interface VirtualColumn {
  key?: React.Key;
  title?: ReactNode;
  dataIndex?: unknown;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  sorter?: boolean | object;
  sortOrder?: 'ascend' | 'descend' | null;
  render?: (value: unknown, record: Row, index: number) => ReactNode;
}

export interface VirtualTableProps {
  columns: VirtualColumn[];
  rows: Row[];
  rowKey: string;
  selectedRowKeys: string[];
  onSelect(keys: string[], rows: Row[]): void;
  /** false: no checkbox column */
  selectable?: boolean;
  onSort(column: string | undefined, order: 'ascend' | 'descend' | null): void;
  pagination?: {
    current: number;
    pageSize: number;
    total: number;
    pageSizeOptions: string[];
    showTotal: (total: number, range: [number, number]) => string;
    onChange(page: number, size: number): void;
  };
  height?: number;
}

const ROW_HEIGHT = 40;
const DEFAULT_WIDTH = 120;
const SELECTION_WIDTH = 40;

const cell = (width: number, align: string | undefined): CSSProperties => ({
  width,
  flex: `0 0 ${width}px`,
  padding: '0 8px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  textAlign: (align ?? 'center') as CSSProperties['textAlign'],
  borderBottom: '1px solid #f0f0f0',
  lineHeight: `${ROW_HEIGHT - 1}px`,
});

function nextOrder(order: VirtualColumn['sortOrder']): 'ascend' | 'descend' | null {
  return order === 'ascend' ? 'descend' : order === 'descend' ? null : 'ascend';
}

/**
 * Large result sets (page sizes in the hundreds): only the visible rows are in the DOM.
 * Same columns, cells, sorting, selection and pagination as the regular table.
 */
export function VirtualTable({
  columns,
  rows,
  rowKey,
  selectedRowKeys,
  onSelect,
  selectable = true,
  onSort,
  pagination,
  height = 600,
}: VirtualTableProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 1200, height },
    // A container without layout yet (hidden tab, collapsed panel) still gets a first screen of rows.
    observeElementRect: (instance, report) =>
      observeElementRect(instance, (rect) => report(rect.height > 0 ? rect : { width: rect.width || 1200, height })),
  });
  const widths = columns.map((c) => (typeof c.width === 'number' ? c.width : DEFAULT_WIDTH));
  const totalWidth = (selectable ? SELECTION_WIDTH : 0) + widths.reduce((a, b) => a + b, 0);
  const selected = new Set(selectedRowKeys);
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(String(r[rowKey])));
  const toggleRow = (row: Row) => {
    const key = String(row[rowKey]);
    const keys = selected.has(key) ? selectedRowKeys.filter((k) => k !== key) : [...selectedRowKeys, key];
    const keySet = new Set(keys);
    onSelect(
      keys,
      rows.filter((r) => keySet.has(String(r[rowKey]))),
    );
  };

  return (
    <div className="renderer-vtable">
      <div ref={scroller} style={{ height, overflow: 'auto', border: '1px solid #f0f0f0' }}>
        <div style={{ width: totalWidth, minWidth: '100%' }}>
          <div role="row" style={{ display: 'flex', position: 'sticky', top: 0, zIndex: 2, background: '#fafafa', fontWeight: 600 }}>
            {selectable && (
              <div style={cell(SELECTION_WIDTH, 'center')}>
                <Checkbox
                  aria-label="全选"
                  checked={allSelected}
                  indeterminate={!allSelected && selectedRowKeys.length > 0}
                  onChange={(e) => onSelect(e.target.checked ? rows.map((r) => String(r[rowKey])) : [], e.target.checked ? rows : [])}
                />
              </div>
            )}
            {columns.map((c, i) => (
              <div
                key={String(c.key ?? i)}
                role="columnheader"
                style={{ ...cell(widths[i], 'center'), cursor: c.sorter ? 'pointer' : undefined }}
                onClick={
                  c.sorter ? () => onSort(nextOrder(c.sortOrder) ? String(c.dataIndex) : undefined, nextOrder(c.sortOrder)) : undefined
                }
              >
                {c.title}
                {c.sorter && c.sortOrder === 'ascend' ? <CaretUpOutlined /> : null}
                {c.sorter && c.sortOrder === 'descend' ? <CaretDownOutlined /> : null}
              </div>
            ))}
          </div>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              const key = String(row[rowKey]);
              return (
                <div
                  key={key}
                  role="row"
                  data-row-key={key}
                  aria-selected={selected.has(key)}
                  className={selected.has(key) ? 'ant-table-row ant-table-row-selected' : 'ant-table-row'}
                  style={{
                    display: 'flex',
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  {selectable && (
                    <div style={cell(SELECTION_WIDTH, 'center')}>
                      <input type="checkbox" aria-label="选择" checked={selected.has(key)} onChange={() => toggleRow(row)} />
                    </div>
                  )}
                  {columns.map((c, i) => {
                    const value = c.dataIndex === undefined ? undefined : row[String(c.dataIndex)];
                    return (
                      <div key={String(c.key ?? i)} style={cell(widths[i], c.align)}>
                        {c.render ? c.render(value, row, item.index) : (value as ReactNode)}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {pagination && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          pageSizeOptions={pagination.pageSizeOptions}
          showQuickJumper
          showSizeChanger
          showTotal={pagination.showTotal}
          onChange={pagination.onChange}
        />
      )}
    </div>
  );
}
