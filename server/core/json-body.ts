import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (prototype and constructor poisoning refused), except that an empty
 * body reads as {}: JeecgBoot clients send `Content-Type: application/json` with no body on calls such as
 * POST /sys/logout, which the reference server accepts. A body that is present but not JSON still fails.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) return done(null, {});
    parse(request, text, done);
  });
}
