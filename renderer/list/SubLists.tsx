import { useEffect, useRef, useState } from 'react';
import { Table, Tabs } from 'antd';
import { useRenderer } from '../context';
import type { SubList } from '@contract/schema-types.gen';
import { showRequestError } from '../data/requestError';
import type { Notifier } from '../data/notify';
import { columnWidth } from './ListTable';
import { renderCell } from './cells';
import type { Row } from './useListPage';

/** Rows a sub list shows per page. */
export const SUB_PAGE_SIZE = 10;

function SubListTable({ list, record, notify }: { list: SubList; record: Row; notify: Notifier }) {
  const { data } = useRenderer();
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const notifier = useRef(notify);
  notifier.current = notify;
  useEffect(() => {
    let live = true;
    setLoading(true);
    data
      .getTree<Row>(list.listUrl, { id: record.id })
      .then((found) => live && setRows(found))
      .catch((error: unknown) => live && showRequestError(notifier.current, error))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [data, list.listUrl, record]);
  return (
    <Table<Row>
      size="small"
      bordered
      rowKey="id"
      loading={loading}
      dataSource={rows}
      // every sub row of the record is loaded (a save caps them); more than a page are paged here
      pagination={
        rows.length > SUB_PAGE_SIZE
          ? { pageSize: SUB_PAGE_SIZE, size: 'small', showSizeChanger: false, showTotal: (total) => `共 ${total} 条` }
          : false
      }
      scroll={{ x: 'max-content' }}
      columns={list.columns.map((c) => ({
        key: c.dataIndex,
        dataIndex: c.dataIndex,
        title: c.title,
        width: columnWidth(c),
        align: c.align ?? 'center',
        ellipsis: c.ellipsis ?? false,
        render: (value: unknown, row: Row) => renderCell(c, value, row),
      }))}
    />
  );
}

/** The sub records of one main row, a read-only table per sub list in tabs, paged when long (ERP theme below the list, inner-table theme in a row). */
export function SubLists({ lists, record, notify }: { lists: SubList[]; record: Row; notify: Notifier }) {
  return (
    <Tabs
      size="small"
      items={lists.map((list) => ({
        key: list.key,
        label: list.title,
        children: <SubListTable list={list} record={record} notify={notify} />,
      }))}
    />
  );
}
