import { useMemo, useRef } from 'react';
import { Divider, Dropdown, Table, type TableColumnsType, type TableProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useRenderer } from '../context';
import type { Column, RowActions } from '../schema/types.gen';
import { DEFAULT_PAGE_SIZE_OPTIONS, type ListPageController, type Row } from './useListPage';
import { renderCell } from './cells';
import { totalText } from './params';
import { actionAllowed } from './actions';
import { VirtualTable, type VirtualColumn } from './VirtualTable';

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

export interface RowHandlers {
  onEdit(record: Row): void;
  onDetail(record: Row): void;
}

export interface ListTableProps {
  list: ListPageController;
  handlers: RowHandlers;
  /** Tree table: expansion props from useTreeRows. */
  expandable?: TableProps<Row>['expandable'];
  rows?: Row[];
  pagination?: boolean;
}

function useColumns(columns: Column[], rowActions: RowActions | undefined, list: ListPageController, handlers: RowHandlers) {
  const { can, excludedCodes } = useRenderer();
  const prefix = list.schema.authPrefix;
  // Column definitions stay stable across data loads; actions read the latest controller.
  const latest = useRef({ list, handlers });
  latest.current = { list, handlers };
  const { schema, sort } = list;
  return useMemo(() => {
    const sorted = sort;
    const excluded = new Set(prefix && excludedCodes ? excludedCodes(prefix) : []);
    const visible: TableColumnsType<Row> = columns
      .filter((c) => (!c.auth || can(c.auth)) && !excluded.has(c.dataIndex))
      .map((c) => ({
        key: c.dataIndex,
        title: c.title,
        dataIndex: c.dataIndex,
        width: columnWidth(c),
        align: c.align ?? 'center',
        fixed: c.fixed,
        ellipsis: c.ellipsis ?? false,
        sorter: c.sorter ?? false,
        sortOrder: c.sorter && sorted.column === c.dataIndex ? (sorted.order === 'asc' ? 'ascend' : 'descend') : null,
        render: (value: unknown, record: Row) => renderCell(c, value, record),
      }));
    const showEdit = actionAllowed(rowActions?.edit, can, !!schema.form && !!schema.url.edit);
    const showDetail = actionAllowed(rowActions?.detail, can, !!schema.form);
    const showDelete = actionAllowed(rowActions?.delete, can, !!schema.url.delete);
    if (showEdit || showDetail || showDelete) {
      visible.push({
        key: '__actions',
        title: '操作',
        align: 'center',
        fixed: 'right',
        width: rowActions?.width ?? 147,
        render: (_: unknown, record: Row) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            {showEdit && <a onClick={() => latest.current.handlers.onEdit(record)}>编辑</a>}
            {showEdit && (showDetail || showDelete) && <Divider type="vertical" />}
            {(showDetail || showDelete) && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    ...(showDetail ? [{ key: 'detail', label: '详情' }] : []),
                    ...(showDelete ? [{ key: 'delete', label: '删除' }] : []),
                  ],
                  onClick: ({ key }) => {
                    const current = latest.current;
                    if (key === 'detail') current.handlers.onDetail(record);
                    if (key === 'delete') {
                      void current.list.notify.confirm({ title: '确定删除吗?' }).then((ok) => {
                        if (ok) void latest.current.list.remove(record);
                      });
                    }
                  },
                }}
              >
                <a>
                  更多 <DownOutlined />
                </a>
              </Dropdown>
            )}
          </span>
        ),
      });
    }
    return visible;
  }, [columns, rowActions, schema, sort, can, excludedCodes, prefix]);
}

/** Above this many rows (and without tree expansion) only the visible rows are rendered. */
export const VIRTUAL_THRESHOLD = 100;

export function ListTable({ list, handlers, expandable, rows, pagination = true }: ListTableProps) {
  const columns = useColumns(list.schema.columns, list.schema.rowActions, list, handlers);
  const data = rows ?? list.rows;
  if (Math.max(data.length, list.pageSize) > VIRTUAL_THRESHOLD && !expandable) {
    return (
      <VirtualTable
        columns={columns as VirtualColumn[]}
        rows={data}
        rowKey={list.rowKey}
        selectedRowKeys={list.selectedRowKeys}
        onSelect={list.select}
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
      expandable={expandable}
      virtual={large}
      scroll={large ? { x: columns.length * 120, y: 600 } : { x: 'max-content' }}
      rowSelection={{
        selectedRowKeys: list.selectedRowKeys,
        onChange: (keys, picked) => list.select(keys.map(String), picked),
      }}
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
