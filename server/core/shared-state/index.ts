import type { ServerConfig } from '../../config';
import { MemorySharedState } from './memory';
import { RedisSharedState } from './redis';
import type { SharedState } from './types';

export { attachCache, cached, cacheOf, ReadCache } from './cache';
export { MemorySharedState } from './memory';
export { RedisSharedState, RedisUnavailableError } from './redis';
export type { SharedState } from './types';

/** REDIS_URL set → Redis (throws RedisUnavailableError when it does not answer); otherwise this process's memory. */
export async function createSharedState(config: Pick<ServerConfig, 'redisUrl' | 'redisPrefix'>): Promise<SharedState> {
  if (!config.redisUrl) return new MemorySharedState();
  return RedisSharedState.connect(config.redisUrl, config.redisPrefix);
}
