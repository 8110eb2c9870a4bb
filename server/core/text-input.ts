import type { FastifyInstance } from 'fastify';
import { badRequest } from './envelope';

export const INVALID_TEXT_MESSAGE = '参数包含非法字符';

/** NUL and unpaired UTF-16 surrogates: PostgreSQL refuses both in text, so they would fail deep in a query. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isInvalid = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
const MAX_DEPTH = 32;

/** True when some string (key or value) anywhere in the value holds text PostgreSQL cannot store. */
export function holdsInvalidText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isInvalid(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => holdsInvalidText(v, depth + 1));
  for (const [key, v] of Object.entries(value)) {
    if (isInvalid(key) || holdsInvalidText(v, depth + 1)) return true;
  }
  return false;
}

/**
 * One check for every route, before schema validation: a NUL byte or a lone surrogate in the query, the path
 * parameters or a JSON body answers 400 with a plain message instead of a database error with a stack.
 */
export function installTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsInvalidText(request.query) || holdsInvalidText(request.params) || holdsInvalidText(request.body)) {
      throw badRequest(INVALID_TEXT_MESSAGE);
    }
  });
}
