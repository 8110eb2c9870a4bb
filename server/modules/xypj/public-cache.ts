import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../core/envelope';
import type { ReadCache } from '../../core/shared-state';

/** A public answer serialised once: the same bytes (timestamp included) for every reader, so its ETag is strong. */
export interface PublicAnswer {
  /** UTF-8 bytes, encoded once rather than on every send */
  body: Buffer;
  etag: string;
}

/** Browsers and shared caches (a proxy or CDN in front of several instances) may keep a public answer this long. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30';

const KEY_PREFIX = 'xypj:public:';

function answerOf(envelope: Envelope): PublicAnswer {
  const body = Buffer.from(JSON.stringify(envelope));
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/**
 * The answer of `key` from the app's read cache, else `load()` serialised and kept. The read cache is dropped on
 * every instance after any write request (cache-invalidation.ts), so a publication, a revocation or a news change
 * shows at once; `cacheable: false` answers without keeping (one-off searches would only push useful entries out).
 */
export async function publicAnswer(cache: ReadCache, key: string, load: () => Promise<Envelope>, cacheable = true): Promise<PublicAnswer> {
  if (!cacheable) return answerOf(await load());
  return cache.get(KEY_PREFIX + key, async () => answerOf(await load()));
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** Sends the answer with its ETag and Cache-Control, or 304 without a body when the caller holds it already. */
export function sendPublicAnswer(request: FastifyRequest, reply: FastifyReply, answer: PublicAnswer): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', PUBLIC_CACHE_CONTROL);
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(answer.body);
}
