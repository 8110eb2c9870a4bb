import { Card, Col, Row, Spin } from 'antd';
import { Suspense } from 'react';
import { lazyPage } from '../../../lazyPage';
import { InfoTable, type InfoRow } from './parts/InfoTable';
import { formatBytes, formatClock, formatDuration } from './parts/format';
import { useMonitor } from './parts/useMonitor';

const LiveChart = lazyPage(() => import('./parts/LiveChart'), '监控图表');
const REFRESH_MS = 5000;
const MB = 1024 * 1024;

interface Sample {
  time: number;
  heapUsed: number;
  heapTotal: number;
  rss: number;
  loopP50: number;
  loopP99: number;
  processCpuPercent: number;
}

interface RuntimeInfo {
  current: { heapUsed: number; heapTotal: number; rss: number; external: number; arrayBuffers: number };
  latest: Sample | null;
  gc: { minor: number; major: number; incremental: number; weakcb: number; totalMs: number };
  activeResources: { total: number; byType: Record<string, number> };
  node: { version: string; v8: string; uptimeSeconds: number };
  samples: Sample[];
}

function rowsOf(r: RuntimeInfo | undefined): InfoRow[] {
  if (!r) return [];
  const byType = Object.entries(r.activeResources.byType)
    .map(([k, v]) => `${k} ${v}`)
    .join('，');
  return [
    { param: 'node.heap.used', text: '堆内存已用', value: formatBytes(r.current.heapUsed) },
    { param: 'node.heap.total', text: '堆内存总量', value: formatBytes(r.current.heapTotal) },
    { param: 'process.memory.rss', text: '常驻内存（RSS）', value: formatBytes(r.current.rss) },
    { param: 'node.memory.external', text: '堆外内存（external）', value: formatBytes(r.current.external) },
    { param: 'node.eventloop.delay.p50', text: '事件循环延迟 P50', value: r.latest ? `${r.latest.loopP50} ms` : '-' },
    { param: 'node.eventloop.delay.p99', text: '事件循环延迟 P99', value: r.latest ? `${r.latest.loopP99} ms` : '-' },
    { param: 'process.cpu.usage', text: '进程 CPU 使用率（单核）', value: r.latest ? `${r.latest.processCpuPercent.toFixed(2)}%` : '-' },
    { param: 'node.gc.minor', text: 'GC 次数（新生代 Scavenge）', value: r.gc.minor },
    { param: 'node.gc.major', text: 'GC 次数（老生代 Mark-Sweep）', value: r.gc.major },
    { param: 'node.gc.incremental', text: 'GC 次数（增量标记）', value: r.gc.incremental },
    { param: 'node.gc.time', text: 'GC 累计耗时', value: `${r.gc.totalMs} ms` },
    { param: 'node.active.resources', text: '活动句柄', value: `${r.activeResources.total}${byType ? `（${byType}）` : ''}` },
    { param: 'node.version', text: 'Node.js / V8 版本', value: `${r.node.version} / ${r.node.v8}` },
    { param: 'process.uptime', text: '服务运行时长', value: formatDuration(r.node.uptimeSeconds) },
  ];
}

/** 运行时信息: Node's analogue of the reference's JVM page (menu component modules/monitor/JvmInfo). */
export default function JvmInfo() {
  const m = useMonitor<RuntimeInfo>('/monitor/runtime', REFRESH_MS, '获取运行时信息失败');
  const points = (m.data?.samples ?? []).map((s) => ({
    time: formatClock(s.time),
    heapUsed: Math.round((s.heapUsed / MB) * 10) / 10,
    rss: Math.round((s.rss / MB) * 10) / 10,
    loopP50: s.loopP50,
    loopP99: s.loopP99,
  }));
  const charts = (
    <Row gutter={16} style={{ marginBottom: 16 }}>
      <Col xs={24} lg={12}>
        <Card size="small" title="内存（MB）">
          <Suspense fallback={<Spin />}>
            <LiveChart
              data={points}
              lines={[
                { key: 'heapUsed', name: '堆已用', color: '#2f54eb' },
                { key: 'rss', name: 'RSS', color: '#fa8c16' },
              ]}
            />
          </Suspense>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="事件循环延迟（ms）">
          <Suspense fallback={<Spin />}>
            <LiveChart
              data={points}
              lines={[
                { key: 'loopP50', name: 'P50', color: '#52c41a' },
                { key: 'loopP99', name: 'P99', color: '#f5222d' },
              ]}
            />
          </Suspense>
        </Card>
      </Col>
    </Row>
  );
  return (
    <InfoTable
      title="运行时信息"
      rows={rowsOf(m.data)}
      updatedAt={m.updatedAt}
      loading={m.loading}
      error={m.error}
      onRefresh={m.refresh}
      extra={charts}
    />
  );
}
