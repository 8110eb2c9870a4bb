import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../core/envelope';
import type { ReadCache } from '../../core/shared-state';

/**
 * A public answer serialised once. Its ETag is a hash of the content without the envelope's timestamp, so every
 * instance names the same results alike; on one instance the same content keeps the same bytes (see answerOf).
 */
export interface PublicAnswer {
  /** UTF-8 bytes, encoded once rather than on every send */
  body: Buffer;
  etag: string;
}

/** Browsers and shared caches (a proxy or CDN in front of several instances) may keep a public answer this long. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30';

const KEY_PREFIX = 'xypj:public:';
const REMEMBERED_ANSWERS = 1000;

/** The last answer of each cached key: a rebuilt entry whose content did not change keeps its bytes and ETag. */
const lastAnswers = new Map<string, PublicAnswer>();

function answerOf(envelope: Envelope, key?: string): PublicAnswer {
  const { timestamp: _timestamp, ...content } = envelope;
  const etag = `"${createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 27)}"`;
  const last = key === undefined ? undefined : lastAnswers.get(key);
  if (last?.etag === etag) return last;
  const answer = { body: Buffer.from(JSON.stringify(envelope)), etag };
  if (key !== undefined) {
    if (lastAnswers.size >= REMEMBERED_ANSWERS) lastAnswers.clear();
    lastAnswers.set(key, answer);
  }
  return answer;
}

/**
 * The answer of `key` from the app's read cache, else `load()` serialised and kept. The read cache is dropped on
 * every instance after any write request (cache-invalidation.ts), so a publication, a revocation or a news change
 * shows at once; `cacheable: false` answers without keeping (one-off searches would only push useful entries out).
 */
export async function publicAnswer(cache: ReadCache, key: string, load: () => Promise<Envelope>, cacheable = true): Promise<PublicAnswer> {
  if (!cacheable) return answerOf(await load());
  return cache.get(KEY_PREFIX + key, async () => answerOf(await load(), key));
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
