import { useMemo, useRef, type ReactNode } from 'react';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import { useRenderer } from '../context';
import type { Column } from '@contract/schema-types.gen';
import { DEFAULT_PAGE_SIZE_OPTIONS, type Row } from './useListPage';
import { renderCell } from './cells';
import { totalText } from './params';
import { VirtualTable, type VirtualColumn } from './VirtualTable';
import { useListContext, type ListContextValue } from './ListContext';
import { hasRowActions, RowActionLinks, type RowHandlers } from './RowActionLinks';
import { useIsMobile } from '../layout/useIsMobile';

export type { RowHandlers } from './RowActionLinks';

/** Minimum column widths: datetime, user-select and department-select 190px, date 135px. */
export const MIN_WIDTHS: Record<string, number> = {
  DateTimePicker: 190,
  DatePicker: 135,
  JSelectUserByDep: 190,
  JSelectMultiUser: 190,
  JSelectDepart: 190,
};

/** The schema's width, raised to the component's minimum (a minimum alone when none is set). */
export function columnWidth(column: Column): number | undefined {
  const min = MIN_WIDTHS[column.component ?? ''];
  if (min === undefined) return column.width;
  return Math.max(column.width ?? 0, min);
}

/**
 * An ellipsis column with a width keeps to it: the table sizes its columns to their content (scroll x max-content), so
 * without this bound one long name or reason widens the table and pushes the last columns under the fixed actions.
 */
function clipped(column: Column, cell: ReactNode): ReactNode {
  if (!column.ellipsis || !column.width) return cell;
  const title = typeof cell === 'string' ? cell : undefined;
  return (
    <div className="list-cell-clip" style={{ maxWidth: column.width - 16 }} title={title}>
      {cell}
    </div>
  );
}

export interface ListTableProps {
  handlers: RowHandlers;
  /** Tree table: expansion props from useTreeRows. */
  expandable?: TableProps<Row>['expandable'];
  rows?: Row[];
  pagination?: boolean;
  /** Clicking a row (ERP theme: selects it alone and shows its sub lists). */
  onRowClick?: (row: Row) => void;
}

function useColumns(list: ListContextValue, handlers: RowHandlers) {
  const { can, excludedCodes } = useRenderer();
  // On a phone the fixed columns alone are wider than the table and would cover the data: nothing is fixed there.
  const fixable = !useIsMobile();
  const { schema, sort } = list;
  const prefix = schema.authPrefix;
  // Column definitions stay stable across data loads; the action cell reads the list from its context.
  const latest = useRef(handlers);
  latest.current = handlers;
  return useMemo(() => {
    const sorted = sort;
    const excluded = new Set(prefix && excludedCodes ? excludedCodes(prefix) : []);
    const visible: TableColumnsType<Row> = schema.columns
      .filter((c) => (!c.auth || can(c.auth)) && !excluded.has(c.dataIndex))
      .map((c) => ({
        key: c.dataIndex,
        title: c.title,
        dataIndex: c.dataIndex,
        width: columnWidth(c),
        align: c.align ?? 'center',
        fixed: fixable ? c.fixed : undefined,
        ellipsis: c.ellipsis ?? false,
        sorter: c.sorter ?? false,
        sortOrder: c.sorter && sorted.column === c.dataIndex ? (sorted.order === 'asc' ? 'ascend' : 'descend') : null,
        render: (value: unknown, record: Row) => clipped(c, renderCell(c, value, record)),
      }));
    if (hasRowActions(schema, can)) {
      visible.push({
        key: '__actions',
        title: '操作',
        align: 'center',
        fixed: fixable ? 'right' : undefined,
        width: schema.rowActions?.width ?? 147,
        render: (_: unknown, record: Row) => <RowActionLinks record={record} handlers={latest.current} />,
      });
    }
    return visible;
  }, [schema, sort, can, excludedCodes, prefix, fixable]);
}

/** A click on a row's data, not on its checkbox, expander, links, buttons or inputs. */
export function plainCellClick(target: EventTarget | null): boolean {
  return !(
    target instanceof Element &&
    target.closest('.ant-table-selection-column, .ant-table-row-expand-icon-cell, a, button, input, label, .ant-dropdown-trigger')
  );
}

/** Above this many rows (and without tree expansion) only the visible rows are rendered. */
export const VIRTUAL_THRESHOLD = 100;

export function ListTable({ handlers, expandable, rows, pagination = true, onRowClick }: ListTableProps) {
  const list = useListContext();
  const columns = useColumns(list, handlers);
  const data = rows ?? list.rows;
  if (Math.max(data.length, list.pageSize) > VIRTUAL_THRESHOLD && !expandable && !onRowClick) {
    return (
      <VirtualTable
        columns={columns as VirtualColumn[]}
        rows={data}
        rowKey={list.rowKey}
        selectedRowKeys={list.selectedRowKeys}
        onSelect={list.select}
        selectable={list.schema.selectable !== false}
        onSort={list.changeSort}
        pagination={
          pagination
            ? {
                current: list.pageNo,
                pageSize: list.pageSize,
                total: list.total,
                pageSizeOptions: (list.schema.pageSizeOptions ?? DEFAULT_PAGE_SIZE_OPTIONS).map(String),
                showTotal: totalText,
                onChange: list.changePage,
              }
            : undefined
        }
      />
    );
  }
  const large = data.length > 200;
  return (
    <Table<Row>
      size="middle"
      bordered
      rowKey={list.rowKey}
      columns={columns}
      dataSource={data}
      loading={list.loading}
      locale={list.schema.emptyText ? { emptyText: list.schema.emptyText } : undefined}
      expandable={expandable}
      onRow={
        onRowClick
          ? (row) => ({ onClick: (event) => plainCellClick(event.target) && onRowClick(row), style: { cursor: 'pointer' } })
          : undefined
      }
      virtual={large}
      scroll={large ? { x: columns.length * 120, y: 600 } : { x: 'max-content' }}
      rowSelection={
        list.schema.selectable === false
          ? undefined
          : {
              selectedRowKeys: list.selectedRowKeys,
              onChange: (keys, picked) => list.select(keys.map(String), picked),
            }
      }
      pagination={
        pagination
          ? {
              current: list.pageNo,
              pageSize: list.pageSize,
              total: list.total,
              pageSizeOptions: (list.schema.pageSizeOptions ?? DEFAULT_PAGE_SIZE_OPTIONS).map(String),
              showQuickJumper: true,
              showSizeChanger: true,
              showTotal: totalText,
            }
          : false
      }
      onChange={(page, _filters, sorter) => {
        const single = Array.isArray(sorter) ? sorter[0] : sorter;
        if (page.current !== list.pageNo || page.pageSize !== list.pageSize) {
          list.changePage(page.current ?? 1, page.pageSize ?? list.pageSize);
        }
        const column = single?.field === undefined ? undefined : String(single.field);
        const nextOrder = single?.order ?? null;
        const currentOrder = list.sort.order === 'asc' ? 'ascend' : 'descend';
        if (column !== list.sort.column || nextOrder !== currentOrder) list.changeSort(column, nextOrder);
      }}
    />
  );
}
