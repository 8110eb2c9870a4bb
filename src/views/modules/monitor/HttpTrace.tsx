import { Alert, Button, Card, Table, Tag } from 'antd';
import { formatTime } from './parts/format';
import { useMonitor } from './parts/useMonitor';

interface TraceEntry {
  time: number;
  method: string;
  path: string;
  status: number;
  ms: number;
  username: string | null;
}

const METHOD_COLOURS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red' };

function statusColour(status: number): string {
  if (status < 200) return 'default';
  if (status < 300) return 'success';
  if (status < 400) return 'processing';
  if (status < 500) return 'warning';
  return 'error';
}

function costColour(ms: number): string {
  if (ms < 500) return 'green';
  if (ms < 1000) return 'cyan';
  if (ms < 1500) return 'orange';
  return 'red';
}

/** 请求追踪: the last 100 API requests (menu component modules/monitor/HttpTrace). */
export default function HttpTrace() {
  const m = useMonitor<{ total: number; traces: TraceEntry[] }>('/monitor/httptrace', undefined, '获取HTTP信息失败');
  return (
    <Card title="请求追踪" bordered={false}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={
          <span>
            共追踪到 {m.data?.total ?? 0} 条近期HTTP请求记录
            <Button type="link" size="small" onClick={m.refresh} loading={m.loading}>
              立即刷新
            </Button>
          </span>
        }
      />
      {m.error && <Alert type="error" showIcon message={m.error} style={{ marginBottom: 16 }} />}
      <Table
        rowKey={(r) => `${r.time}-${r.method}-${r.path}-${r.ms}`}
        size="small"
        loading={m.loading && !m.data}
        dataSource={m.data?.traces ?? []}
        pagination={{ pageSizeOptions: ['10', '20', '30', '40', '100'], defaultPageSize: 10, showSizeChanger: true }}
        columns={[
          { title: '请求时间', dataIndex: 'time', width: 170, render: (v: number) => formatTime(v) },
          {
            title: '请求方法',
            dataIndex: 'method',
            width: 90,
            render: (v: string) => <Tag color={METHOD_COLOURS[v] ?? 'default'}>{v}</Tag>,
          },
          { title: '请求URL', dataIndex: 'path', ellipsis: true },
          { title: '响应状态', dataIndex: 'status', width: 90, render: (v: number) => <Tag color={statusColour(v)}>{v}</Tag> },
          { title: '请求耗时', dataIndex: 'ms', width: 100, render: (v: number) => <Tag color={costColour(v)}>{v} ms</Tag> },
          { title: '用户', dataIndex: 'username', width: 110, render: (v: string | null) => v ?? '-' },
        ]}
      />
    </Card>
  );
}
