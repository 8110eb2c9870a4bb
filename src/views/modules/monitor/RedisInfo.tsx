import { Alert, Card, Col, Row, Spin, Table } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { lazyPage } from '../../../lazyPage';
import { formatClock } from './parts/format';
import { useMonitor } from './parts/useMonitor';

const LiveChart = lazyPage(() => import('./parts/LiveChart'), '监控图表');
const REFRESH_MS = 3000;
const POINTS = 20;

interface InfoRow {
  key: string;
  value: string;
  description: string;
}

type Point = { time: string; value: number };

/** Keeps the last POINTS readings of a live figure. */
function useSeries(reading: { time: number; value: number } | undefined): Point[] {
  const [points, setPoints] = useState<Point[]>([]);
  useEffect(() => {
    if (reading) setPoints((old) => [...old, { time: formatClock(reading.time), value: reading.value }].slice(-POINTS));
  }, [reading]);
  return points;
}

/** Redis监控: two live charts (Key 实时数量, 内存占用 KB) every 3000 ms and the INFO table (menu component modules/monitor/RedisInfo). */
export default function RedisInfo() {
  const info = useMonitor<InfoRow[]>('/sys/actuator/redis/info', undefined, '获取 Redis 信息失败');
  const keys = useMonitor<{ create_time: number; dbSize: number }>('/sys/actuator/redis/keysSize', REFRESH_MS, '获取 Redis 信息失败');
  const memory = useMonitor<{ create_time: number; used_memory: number }>(
    '/sys/actuator/redis/memoryInfo',
    REFRESH_MS,
    '获取 Redis 信息失败',
  );
  const [keyReading, setKeyReading] = useState<{ time: number; value: number }>();
  const [memoryReading, setMemoryReading] = useState<{ time: number; value: number }>();
  useEffect(() => {
    if (keys.data) setKeyReading({ time: keys.data.create_time, value: keys.data.dbSize });
  }, [keys.data]);
  useEffect(() => {
    if (memory.data) setMemoryReading({ time: memory.data.create_time, value: Math.round((memory.data.used_memory / 1024) * 100) / 100 });
  }, [memory.data]);
  const keyPoints = useSeries(keyReading);
  const memoryPoints = useSeries(memoryReading);

  if (info.error && !info.data) {
    return (
      <Card title="Redis监控" bordered={false}>
        <Alert type="warning" showIcon message={info.error} />
      </Card>
    );
  }
  return (
    <Card title="Redis监控" bordered={false}>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title={`Key 实时数量${keys.data ? `：${keys.data.dbSize}` : ''}`}>
            <Suspense fallback={<Spin />}>
              <LiveChart data={keyPoints} lines={[{ key: 'value', name: 'Key 数量', color: '#2f54eb' }]} />
            </Suspense>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="内存占用（KB）">
            <Suspense fallback={<Spin />}>
              <LiveChart data={memoryPoints} lines={[{ key: 'value', name: '内存占用 KB', color: '#fa8c16' }]} />
            </Suspense>
          </Card>
        </Col>
      </Row>
      <Table
        rowKey="key"
        size="small"
        loading={info.loading && !info.data}
        dataSource={info.data ?? []}
        pagination={false}
        columns={[
          { title: 'Key', dataIndex: 'key', width: 260 },
          { title: 'Description', dataIndex: 'description' },
          { title: 'Value', dataIndex: 'value', width: 300 },
        ]}
      />
    </Card>
  );
}
