import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './core/envelope';

export const API_NOT_FOUND_MESSAGE = '路径不存在，请检查路径是否正确';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || accept.includes('*/*') || accept === '';
}

function isUnder(base: string, path: string): boolean {
  return path === base || path.startsWith(base.endsWith(sep) ? base : base + sep);
}

/**
 * Unknown paths: API paths get the 404 envelope; other GET/HEAD paths get a file from the client
 * build, or index.html for the history-mode router when the browser asks for HTML.
 */
export async function installNotFound(app: FastifyInstance, apiBase: string, clientDir?: string): Promise<void> {
  const root = clientDir ? resolve(clientDir) : undefined;
  if (root) {
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, { root, serve: false, decorateReply: true });
  }
  const apiNotFound = (reply: FastifyReply) => reply.code(404).send(failure(API_NOT_FOUND_MESSAGE, 404));

  app.setNotFoundHandler(async (request, reply) => {
    const path = decodeURIComponent(request.url.split('?')[0]);
    const isApi = apiBase === '' || path === apiBase || path.startsWith(`${apiBase}/`);
    if (isApi || !root || (request.method !== 'GET' && request.method !== 'HEAD')) return apiNotFound(reply);

    const file = resolve(root, `.${path}`);
    if (path !== '/' && isUnder(root, file) && (await isFile(file))) {
      const rel = file.slice(root.length + 1);
      const immutable = rel.startsWith(`assets${sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(rel, { cacheControl: false });
    }
    if (acceptsHtml(request) && (await isFile(resolve(root, 'index.html')))) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html', { cacheControl: false });
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
