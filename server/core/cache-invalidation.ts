import type { FastifyInstance } from 'fastify';
import type { ReadCache } from './shared-state';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Any request that may write (every method but GET/HEAD/OPTIONS) drops the cached sessions, grants, data rules and
 * dictionaries on every instance as its answer is sent
 * (the handler's transaction has committed by then; a read that began before is not stored, see ReadCache). Writes are rare next to reads, and this way no write
 * path (role edits, freezes, dictionary imports, forced sign-out) has to remember which entries it touched.
 */
export function installCacheInvalidation(app: FastifyInstance, cache: ReadCache): void {
  if (cache.ttlMs <= 0) return;
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method)) cache.invalidateAll();
    return payload;
  });
}
