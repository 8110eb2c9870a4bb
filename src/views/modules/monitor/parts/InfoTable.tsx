import { Alert, Button, Card, Table } from 'antd';
import type { ReactNode } from 'react';
import { formatTime } from './format';

export interface InfoRow {
  param: string;
  text: string;
  value: ReactNode;
}

const COLUMNS = [
  { title: '参数', dataIndex: 'param', width: 260 },
  { title: '描述', dataIndex: 'text', width: 300 },
  { title: '当前值', dataIndex: 'value' },
];

/** "上次更新时间 / 立即更新" and the 参数 / 描述 / 当前值 table the reference's JVM and server pages show. */
export function InfoTable({
  title,
  rows,
  updatedAt,
  loading,
  error,
  onRefresh,
  extra,
}: {
  title: string;
  rows: InfoRow[];
  updatedAt: number | undefined;
  loading: boolean;
  error: string | undefined;
  onRefresh: () => void;
  extra?: ReactNode;
}) {
  return (
    <Card title={title} bordered={false}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={
          <span>
            上次更新时间：{formatTime(updatedAt)}
            <Button type="link" size="small" onClick={onRefresh} loading={loading}>
              立即更新
            </Button>
          </span>
        }
      />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {extra}
      <Table rowKey="param" size="middle" columns={COLUMNS} dataSource={rows} pagination={false} loading={loading && rows.length === 0} />
    </Card>
  );
}
