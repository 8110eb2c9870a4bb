import type { ApiModule } from '../../core/deps';
import { ok } from '../../core/envelope';
import { databaseInfo } from './database';
import { diskInfo } from './disk';
import { RedisMonitor } from './redis';
import { activeResources, RuntimeSampler, SAMPLE_MS } from './runtime';
import { serverInfo } from './system';
import { RequestTrace } from './trace';

export const MONITOR_PERMISSION = {
  server: 'monitor:server:view',
  runtime: 'monitor:runtime:view',
  database: 'monitor:database:view',
  redis: 'monitor:redis:view',
  trace: 'monitor:trace:view',
  disk: 'monitor:disk:view',
} as const;

/** 系统监控 (docs/jobs-and-monitoring.md): server, runtime, database, Redis, request trace and disks; each page its own permission. */
export const monitorModule: ApiModule = (api, deps) => {
  const sampler = new RuntimeSampler();
  const trace = new RequestTrace();
  const redis = new RedisMonitor(deps.config.redisUrl);
  trace.install(api);
  api.addHook('onReady', async () => sampler.start());
  api.addHook('onClose', async () => {
    sampler.stop();
    await redis.close();
  });

  api.get('/monitor/server', { config: { permission: MONITOR_PERMISSION.server } }, async () => ok(serverInfo(sampler)));

  api.get('/monitor/runtime', { config: { permission: MONITOR_PERMISSION.runtime } }, async () => {
    const memory = process.memoryUsage();
    return ok({
      current: {
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        rss: memory.rss,
        external: memory.external,
        arrayBuffers: memory.arrayBuffers,
      },
      latest: sampler.latest(),
      gc: sampler.gcCounts(),
      activeResources: activeResources(),
      node: { version: process.version, v8: process.versions.v8, uptimeSeconds: Math.round(process.uptime()) },
      sampleMs: SAMPLE_MS,
      samples: sampler.history(),
      time: Date.now(),
    });
  });

  api.get('/monitor/database', { config: { permission: MONITOR_PERMISSION.database } }, async () => ok(await databaseInfo(deps.db)));

  api.get('/sys/actuator/redis/info', { config: { permission: MONITOR_PERMISSION.redis } }, async () => ok(await redis.info()));
  api.get('/sys/actuator/redis/keysSize', { config: { permission: MONITOR_PERMISSION.redis } }, async () => ok(await redis.keysSize()));
  api.get('/sys/actuator/redis/memoryInfo', { config: { permission: MONITOR_PERMISSION.redis } }, async () => ok(await redis.memoryInfo()));

  api.get('/sys/actuator/redis/queryDiskInfo', { config: { permission: MONITOR_PERMISSION.disk } }, async () => ok(await diskInfo()));

  api.get('/monitor/httptrace', { config: { permission: MONITOR_PERMISSION.trace } }, async () => {
    const traces = trace.list();
    return ok({ total: traces.length, traces });
  });
};
