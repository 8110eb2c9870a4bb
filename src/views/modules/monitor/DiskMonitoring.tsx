import { Alert, Button, Card, Col, Empty, Progress, Row, Typography } from 'antd';
import { formatBytes, formatTime } from './parts/format';
import { useMonitor } from './parts/useMonitor';

interface Disk {
  name: string;
  device: string;
  fsType: string;
  max: number;
  rest: number;
  used: number;
  restPPT: number;
}

const colour = (percent: number) => (percent >= 90 ? '#f5222d' : percent >= 75 ? '#fa8c16' : '#52c41a');

/** 磁盘监控: one gauge and bar per mounted filesystem (menu component modules/monitor/DiskMonitoring). */
export default function DiskMonitoring() {
  const m = useMonitor<Disk[]>('/sys/actuator/redis/queryDiskInfo', undefined, '获取磁盘信息失败');
  return (
    <Card
      title="磁盘监控"
      bordered={false}
      extra={
        <span>
          上次更新时间：{formatTime(m.updatedAt)}
          <Button type="link" size="small" onClick={m.refresh} loading={m.loading}>
            立即更新
          </Button>
        </span>
      }
    >
      {m.error && <Alert type="error" showIcon message={m.error} style={{ marginBottom: 16 }} />}
      {m.data && m.data.length === 0 && <Empty description="没有可读取的磁盘" />}
      <Row gutter={[16, 16]}>
        {(m.data ?? []).map((d) => (
          <Col key={d.name} xs={24} sm={12} lg={8}>
            <Card size="small" title={d.name} extra={<Typography.Text type="secondary">{d.fsType}</Typography.Text>}>
              <div style={{ textAlign: 'center', marginBottom: 12 }}>
                <Progress type="dashboard" percent={d.restPPT} strokeColor={colour(d.restPPT)} format={(p) => `${p}%`} />
              </div>
              <Progress percent={d.restPPT} strokeColor={colour(d.restPPT)} showInfo={false} />
              <div>总量：{formatBytes(d.max)}</div>
              <div>已用：{formatBytes(d.used)}</div>
              <div>可用：{formatBytes(d.rest)}</div>
              {d.device && <Typography.Text type="secondary">设备：{d.device}</Typography.Text>}
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
