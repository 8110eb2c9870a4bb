import type { ServerConfig } from '../../config';
import { MemorySharedState } from './memory';
import type { SharedState } from './types';

export { attachCache, cached, cacheOf, ReadCache } from './cache';
export { MemorySharedState } from './memory';
export { RedisUnavailableError, type SharedState } from './types';

/** REDIS_URL set → Redis (throws RedisUnavailableError when it does not answer); otherwise this process's memory. */
export async function createSharedState(config: Pick<ServerConfig, 'redisUrl' | 'redisPrefix'>): Promise<SharedState> {
  if (!config.redisUrl) return new MemorySharedState();
  // ioredis loads only for deployments that use it
  const { RedisSharedState } = await import('./redis');
  return RedisSharedState.connect(config.redisUrl, config.redisPrefix);
}
