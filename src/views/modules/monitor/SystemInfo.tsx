import { InfoTable, type InfoRow } from './parts/InfoTable';
import { formatBytes, formatDuration, formatTime } from './parts/format';
import { useMonitor } from './parts/useMonitor';

interface ServerInfo {
  cpu: { count: number; model: string; speedMHz: number; usagePercent: number };
  memory: { total: number; free: number; used: number; usedPercent: number };
  load: number[];
  uptimeSeconds: number;
  os: { type: string; platform: string; release: string; arch: string; hostname: string };
  node: { version: string; pid: number; uptimeSeconds: number; startTime: number };
}

function rowsOf(s: ServerInfo | undefined): InfoRow[] {
  if (!s) return [];
  return [
    { param: 'system.cpu.count', text: 'CPU 数量', value: s.cpu.count },
    { param: 'system.cpu.model', text: 'CPU 型号', value: `${s.cpu.model}${s.cpu.speedMHz ? `（${s.cpu.speedMHz} MHz）` : ''}` },
    { param: 'system.cpu.usage', text: '系统 CPU 使用率', value: `${s.cpu.usagePercent.toFixed(2)}%` },
    { param: 'system.load.average', text: '系统负载（1 / 5 / 15 分钟）', value: s.load.join(' / ') },
    { param: 'system.memory.total', text: '内存总量', value: formatBytes(s.memory.total) },
    { param: 'system.memory.used', text: '已用内存', value: `${formatBytes(s.memory.used)}（${s.memory.usedPercent}%）` },
    { param: 'system.memory.free', text: '可用内存', value: formatBytes(s.memory.free) },
    { param: 'system.uptime', text: '系统运行时长', value: formatDuration(s.uptimeSeconds) },
    { param: 'os.name', text: '操作系统', value: `${s.os.type} ${s.os.release}（${s.os.platform}/${s.os.arch}）` },
    { param: 'os.hostname', text: '主机名', value: s.os.hostname },
    { param: 'node.version', text: 'Node.js 版本', value: s.node.version },
    { param: 'process.pid', text: '进程 ID', value: s.node.pid },
    { param: 'process.start.time', text: '服务启动时间', value: formatTime(s.node.startTime) },
    { param: 'process.uptime', text: '服务运行时长', value: formatDuration(s.node.uptimeSeconds) },
  ];
}

/** 服务器信息 (menu component modules/monitor/SystemInfo). */
export default function SystemInfo() {
  const m = useMonitor<ServerInfo>('/monitor/server', undefined, '获取服务器信息失败');
  return (
    <InfoTable title="服务器信息" rows={rowsOf(m.data)} updatedAt={m.updatedAt} loading={m.loading} error={m.error} onRefresh={m.refresh} />
  );
}
