import type { FastifyInstance } from 'fastify';
import { badRequest } from './envelope';

/** No unsafe-eval; antd injects style elements, so styles allow inline. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const ALLOWED_HEADERS = 'Content-Type, X-Access-Token, tenant-id, X-Sign, X-TIMESTAMP, X-Low-App-ID, X-Version';

/** A path segment that could climb out of where it was matched, or smuggle a separator. */
// eslint-disable-next-line no-control-regex -- a raw NUL byte is one of the things refused
const SUSPICIOUS_PATH = /(^|\/)\.\.?(\/|$)|%2e|%2f|%5c|\\|%00|\x00/i;

export function installHttpSecurity(app: FastifyInstance, corsOrigins: readonly string[]): void {
  const allowed = new Set(corsOrigins);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Referrer-Policy', 'same-origin');

    const origin = request.headers.origin;
    if (origin && allowed.has(origin)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
      reply.header('Access-Control-Allow-Credentials', 'true');
      if (request.method === 'OPTIONS') {
        reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
        reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
        reply.header('Access-Control-Max-Age', '600');
        return reply.code(204).send();
      }
    }

    const path = request.url.split('?')[0];
    if (SUSPICIOUS_PATH.test(path)) throw badRequest('请求路径不正确');
  });
}
