import { Alert, Card, Table } from 'antd';
import { InfoTable, type InfoRow } from './parts/InfoTable';
import { formatBytes } from './parts/format';
import { useMonitor } from './parts/useMonitor';

interface DbInfo {
  backend: string;
  version: string | null;
  sizeBytes: number | null;
  connections: { total: number; active: number; max: number } | null;
  cacheHitRatio: number | null;
  tables: { name: string; bytes: number; rows: number }[];
  slowStatements: { available: boolean; rows: { query: string; calls: number; meanMs: number; totalMs: number; rows: number }[] };
}

function rowsOf(d: DbInfo | undefined): InfoRow[] {
  if (!d) return [];
  return [
    { param: 'db.backend', text: '数据库类型', value: d.backend === 'PGlite' ? 'PGlite（内嵌 PostgreSQL）' : 'PostgreSQL' },
    { param: 'db.version', text: '数据库版本', value: d.version ?? '-' },
    { param: 'db.size', text: '数据库大小', value: formatBytes(d.sizeBytes) },
    {
      param: 'db.connections',
      text: '连接数（活动 / 全部 / 上限）',
      value: d.connections ? `${d.connections.active} / ${d.connections.total} / ${d.connections.max}` : '不可用',
    },
    { param: 'db.cache.hit.ratio', text: '缓存命中率', value: d.cacheHitRatio === null ? '不可用' : `${d.cacheHitRatio}%` },
  ];
}

/** 数据库监控 (menu component modules/monitor/DatabaseInfo). */
export default function DatabaseInfo() {
  const m = useMonitor<DbInfo>('/monitor/database', undefined, '获取数据库信息失败');
  const d = m.data;
  const extra = d && (
    <>
      <Card size="small" title="最大的数据表" style={{ marginBottom: 16 }}>
        <Table
          rowKey="name"
          size="small"
          pagination={false}
          dataSource={d.tables}
          columns={[
            { title: '表名', dataIndex: 'name' },
            { title: '大小（含索引）', dataIndex: 'bytes', render: (v: number) => formatBytes(v) },
            { title: '估计行数', dataIndex: 'rows' },
          ]}
        />
      </Card>
      <Card size="small" title="最慢的语句" style={{ marginBottom: 16 }}>
        {d.slowStatements.available ? (
          <Table
            rowKey="query"
            size="small"
            pagination={false}
            dataSource={d.slowStatements.rows}
            columns={[
              { title: '语句', dataIndex: 'query', ellipsis: true },
              { title: '调用次数', dataIndex: 'calls', width: 100 },
              { title: '平均耗时（ms）', dataIndex: 'meanMs', width: 130 },
              { title: '总耗时（ms）', dataIndex: 'totalMs', width: 120 },
            ]}
          />
        ) : (
          <Alert type="warning" showIcon message="未安装 pg_stat_statements 扩展，无法显示最慢的语句" />
        )}
      </Card>
    </>
  );
  return (
    <InfoTable
      title="数据库监控"
      rows={rowsOf(d)}
      updatedAt={m.updatedAt}
      loading={m.loading}
      error={m.error}
      onRefresh={m.refresh}
      extra={extra}
    />
  );
}
