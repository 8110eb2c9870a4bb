import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Input, Row, Space, Table } from 'antd';
import { useRenderer } from '@renderer/context';
import { useNotifier } from '@renderer/data/useNotifier';
import { usePagedList, type PagedList, type PagedQuery } from '@renderer/list/usePagedList';
import { JModal } from '../shared/JModal';
import { JEllipsis } from '../shared/JEllipsis';
import type { BizPreset, BizRow } from './biz-presets';

export const BIZ_PAGE_SIZE = 5;
export const BIZ_PAGE_SIZES = ['5', '10', '20', '30'];

export interface BizSelectModalProps {
  open: boolean;
  preset: BizPreset;
  multiple: boolean;
  valueKey: string;
  initialRows: BizRow[];
  onOk: (rows: BizRow[]) => void;
  onCancel: () => void;
}

/** The preset's rows a page at a time, searched by keyword; nothing loads while the dialog is closed. */
function useBizRows(open: boolean, preset: BizPreset): PagedList<string, BizRow> {
  const { data } = useRenderer();
  const notify = useNotifier();
  const load = useMemo(() => {
    if (!open) return undefined;
    return ({ query: keyword, pageNo, pageSize }: PagedQuery<string>) =>
      data.getList<BizRow>(preset.listUrl, { pageNo, pageSize, ...(keyword ? { [preset.queryParam]: keyword } : {}) });
  }, [data, open, preset]);
  const list = usePagedList<string, BizRow>({ initialQuery: '', pageSize: BIZ_PAGE_SIZE, load, notify });
  useEffect(() => {
    if (open) return;
    // Closed: the next opening starts from the first page, without a keyword.
    list.search('');
    list.changePage(1, BIZ_PAGE_SIZE);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the dialog closes
  }, [open]);
  return list;
}

/** "{name}选择": query, paged table (5 per page) on the left, chosen rows on the right. */
export function BizSelectModal({ open, preset, multiple, valueKey, initialRows, onOk, onCancel }: BizSelectModalProps) {
  const list = useBizRows(open, preset);
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<BizRow[]>(initialRows);
  const keyOf = (row: BizRow) => String(row[valueKey] ?? '');

  useEffect(() => {
    if (open) {
      setChosen(initialRows);
      setKeyword('');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the choice resets only when the dialog opens
  }, [open]);

  const toggle = (row: BizRow) => {
    const on = !chosen.some((r) => keyOf(r) === keyOf(row));
    if (!multiple) {
      setChosen(on ? [row] : []);
      return;
    }
    setChosen((prev) => (on ? [...prev, row] : prev.filter((r) => keyOf(r) !== keyOf(row))));
  };
  const columns = preset.columns.map((column) => ({
    title: column.title,
    dataIndex: column.dataIndex,
    render: (_: unknown, row: BizRow) => (
      <JEllipsis value={column.render ? column.render(row) : row[column.dataIndex]} length={preset.ellipsisLength} />
    ),
  }));

  return (
    <JModal open={open} centered title={`${preset.name}选择`} width={preset.width} onCancel={onCancel} onOk={() => onOk(chosen)}>
      <Row gutter={8}>
        <Col md={16} span={24}>
          <Space style={{ marginBottom: 8 }}>
            <Input
              placeholder={`请输入${preset.queryParamText}`}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              onPressEnter={() => list.search(keyword)}
            />
            <Button type="primary" onClick={() => list.search(keyword)}>
              查询
            </Button>
            <Button
              onClick={() => {
                setKeyword('');
                list.search('');
              }}
            >
              重置
            </Button>
          </Space>
          <Table<BizRow>
            size="small"
            bordered
            rowKey={keyOf}
            loading={list.loading}
            dataSource={list.rows}
            columns={columns}
            scroll={{ y: 240 }}
            rowSelection={{
              type: multiple ? 'checkbox' : 'radio',
              selectedRowKeys: chosen.map(keyOf),
              preserveSelectedRowKeys: true,
              onSelect: toggle,
              hideSelectAll: true,
            }}
            onRow={(row) => ({ onClick: () => toggle(row) })}
            pagination={{
              current: list.pageNo,
              pageSize: list.pageSize,
              total: list.total,
              showSizeChanger: true,
              pageSizeOptions: BIZ_PAGE_SIZES,
              onChange: list.changePage,
            }}
          />
        </Col>
        <Col md={8} span={24}>
          <Card size="small" title={`已选${preset.name}`}>
            <Table<BizRow>
              size="small"
              rowKey={keyOf}
              dataSource={chosen}
              pagination={false}
              columns={[
                {
                  title: preset.columns[0].title,
                  render: (_: unknown, row: BizRow) => <JEllipsis value={row[preset.displayKey]} length={preset.ellipsisLength} />,
                },
                {
                  title: '操作',
                  width: 60,
                  render: (_: unknown, row: BizRow) => <a onClick={() => setChosen(chosen.filter((r) => keyOf(r) !== keyOf(row)))}>删除</a>,
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </JModal>
  );
}
