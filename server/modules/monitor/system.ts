import { arch, cpus, freemem, hostname, loadavg, platform, release, totalmem, type as osType, uptime } from 'node:os';
import type { RuntimeSampler } from './runtime';

/** 服务器信息: CPU, memory, load, uptime, OS and Node version. */
export function serverInfo(sampler: RuntimeSampler) {
  const list = cpus();
  const total = totalmem();
  const free = freemem();
  const latest = sampler.latest();
  return {
    cpu: { count: list.length, model: list[0]?.model?.trim() ?? '', speedMHz: list[0]?.speed ?? 0, usagePercent: latest?.cpuPercent ?? 0 },
    memory: { total, free, used: total - free, usedPercent: Math.round(((total - free) / total) * 10000) / 100 },
    load: loadavg().map((n) => Math.round(n * 100) / 100),
    uptimeSeconds: Math.round(uptime()),
    os: { type: osType(), platform: platform(), release: release(), arch: arch(), hostname: hostname() },
    node: {
      version: process.version,
      pid: process.pid,
      uptimeSeconds: Math.round(process.uptime()),
      startTime: Date.now() - Math.round(process.uptime() * 1000),
    },
    time: Date.now(),
  };
}
