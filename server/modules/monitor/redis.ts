import type { Redis } from 'ioredis';
import { businessError } from '../../core/envelope';

export const REDIS_NOT_CONFIGURED = '未配置 Redis（REDIS_URL）';
const TIMEOUT_MS = 3000;

/** Descriptions of the INFO fields the page explains (the rest show the key only). */
const DESCRIPTIONS: Record<string, string> = {
  redis_version: 'Redis 服务器版本',
  redis_mode: '运行模式（standalone、sentinel、cluster）',
  os: 'Redis 服务器的宿主操作系统',
  arch_bits: '架构（32 或 64 位）',
  process_id: '服务器进程的 PID',
  tcp_port: 'TCP/IP 监听端口',
  uptime_in_seconds: '自 Redis 服务器启动以来，经过的秒数',
  uptime_in_days: '自 Redis 服务器启动以来，经过的天数',
  connected_clients: '已连接客户端的数量（不包括通过从属服务器连接的客户端）',
  blocked_clients: '正在等待阻塞命令（BLPOP、BRPOP、BRPOPLPUSH）的客户端的数量',
  used_memory: '由 Redis 分配器分配的内存总量，以字节为单位',
  used_memory_human: '以人类可读的格式返回 Redis 分配的内存总量',
  used_memory_rss: '从操作系统的角度，返回 Redis 已分配的内存总量（俗称常驻集大小）',
  used_memory_peak: 'Redis 的内存消耗峰值（以字节为单位）',
  used_memory_peak_human: '以人类可读的格式返回 Redis 的内存消耗峰值',
  maxmemory: '最大可用内存（0 表示不限）',
  maxmemory_policy: '内存达到上限时的淘汰策略',
  mem_fragmentation_ratio: 'used_memory_rss 和 used_memory 之间的比率',
  aof_enabled: '服务器是否开启了 AOF',
  rdb_last_bgsave_status: '最近一次创建 RDB 文件的结果',
  total_connections_received: '服务器已接受的连接请求数量',
  total_commands_processed: '服务器已执行的命令数量',
  instantaneous_ops_per_sec: '服务器每秒钟执行的命令数量',
  rejected_connections: '因为最大客户端数量限制而被拒绝的连接请求数量',
  expired_keys: '因为过期而被自动删除的数据库键数量',
  evicted_keys: '因为最大内存容量限制而被驱逐（evict）的键数量',
  keyspace_hits: '查找数据库键成功的次数',
  keyspace_misses: '查找数据库键失败的次数',
  role: '角色（master 或 slave）',
  connected_slaves: '已连接的从服务器数量',
  used_cpu_sys: 'Redis 服务器耗费的系统 CPU',
  used_cpu_user: 'Redis 服务器耗费的用户 CPU',
};

export interface RedisInfoRow {
  key: string;
  value: string;
  description: string;
}

/** One lazily connected client for the monitor pages; nothing connects until a page asks. */
export class RedisMonitor {
  private client: Redis | null = null;

  constructor(private readonly url: string | undefined) {}

  private async connect(): Promise<Redis> {
    if (!this.url) throw businessError(REDIS_NOT_CONFIGURED);
    if (!this.client) {
      const { Redis: RedisClient } = await import('ioredis');
      this.client = new RedisClient(this.url, {
        lazyConnect: true,
        connectTimeout: TIMEOUT_MS,
        commandTimeout: TIMEOUT_MS,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: true,
        retryStrategy: (times) => (times > 3 ? null : 500),
      });
      this.client.on('error', () => undefined);
    }
    if (this.client.status === 'wait' || this.client.status === 'end') {
      try {
        await this.client.connect();
      } catch (error) {
        throw businessError(`连接 Redis 失败：${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return this.client;
  }

  private async run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    const client = await this.connect();
    try {
      return await command(client);
    } catch (error) {
      throw businessError(`获取 Redis 信息失败：${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async info(): Promise<RedisInfoRow[]> {
    const text = await this.run((c) => c.info());
    const rows: RedisInfoRow[] = [];
    for (const line of text.split(/\r?\n/)) {
      if (!line || line.startsWith('#')) continue;
      const at = line.indexOf(':');
      if (at <= 0) continue;
      const key = line.slice(0, at);
      rows.push({ key, value: line.slice(at + 1), description: DESCRIPTIONS[key] ?? '' });
    }
    return rows;
  }

  async keysSize(): Promise<{ create_time: number; dbSize: number }> {
    return { create_time: Date.now(), dbSize: await this.run((c) => c.dbsize()) };
  }

  async memoryInfo(): Promise<{ create_time: number; used_memory: number }> {
    const text = await this.run((c) => c.info('memory'));
    const used = /used_memory:(\d+)/.exec(text)?.[1];
    return { create_time: Date.now(), used_memory: Number(used ?? 0) };
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await client.quit().catch(() => client.disconnect());
  }
}
