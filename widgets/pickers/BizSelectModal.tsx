import { useEffect, useState } from 'react';
import { Button, Card, Col, Input, Row, Space, Table, message } from 'antd';
import { useRenderer } from '@renderer/context';
import { pageOf } from '@renderer/index';
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

/** "{name}选择": query, paged table (5 per page) on the left, chosen rows on the right. */
export function BizSelectModal({ open, preset, multiple, valueKey, initialRows, onOk, onCancel }: BizSelectModalProps) {
  const { http } = useRenderer();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState({ pageNo: 1, pageSize: BIZ_PAGE_SIZE, keyword: '' });
  const [data, setData] = useState<{ records: BizRow[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<BizRow[]>(initialRows);
  const keyOf = (row: BizRow) => String(row[valueKey] ?? '');

  useEffect(() => {
    if (open) {
      setChosen(initialRows);
      setKeyword('');
      setQuery({ pageNo: 1, pageSize: BIZ_PAGE_SIZE, keyword: '' });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the choice resets only when the dialog opens
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setLoading(true);
    http
      .get<{ records?: BizRow[]; total?: number }>(preset.listUrl, {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        ...(query.keyword ? { [preset.queryParam]: query.keyword } : {}),
      })
      .then((res) => {
        if (!alive) return;
        if (!res.success) {
          message.warning(res.message);
          return;
        }
        setData(pageOf<BizRow>(res.result));
      })
      .finally(() => {
        if (alive) setLoading(false);
      });
    return () => {
      alive = false;
    };
  }, [http, open, query, preset]);

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
              onPressEnter={() => setQuery({ ...query, pageNo: 1, keyword })}
            />
            <Button type="primary" onClick={() => setQuery({ ...query, pageNo: 1, keyword })}>
              查询
            </Button>
            <Button
              onClick={() => {
                setKeyword('');
                setQuery({ ...query, pageNo: 1, keyword: '' });
              }}
            >
              重置
            </Button>
          </Space>
          <Table<BizRow>
            size="small"
            bordered
            rowKey={keyOf}
            loading={loading}
            dataSource={data.records}
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
              current: query.pageNo,
              pageSize: query.pageSize,
              total: data.total,
              showSizeChanger: true,
              pageSizeOptions: BIZ_PAGE_SIZES,
              onChange: (pageNo, pageSize) => setQuery({ ...query, pageNo, pageSize }),
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
