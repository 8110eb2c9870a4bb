import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MASK, isSecretKey } from '../../core/log-mask';

export interface TraceEntry {
  /** epoch milliseconds of the answer */
  time: number;
  method: string;
  /** path and query, with secret-looking parameters masked */
  path: string;
  status: number;
  ms: number;
  username: string | null;
}

export const TRACE_SIZE = 100;
/** Besides the log mask's names: the signed export link's sid/sig and a captcha's key in the path. */
const TRACE_SECRET = /^(sig|sid|key|ticket|access_token|accesstoken)$/i;
const secret = (name: string) => isSecretKey(name) || TRACE_SECRET.test(name);

/** The request's path for the trace: secret-looking path parameters and query values become ******. */
export function tracePath(request: FastifyRequest): string {
  const [rawPath = '', rawQuery] = request.url.split('?', 2);
  let path = rawPath;
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (!secret(name) || typeof value !== 'string' || value === '') continue;
    path = path.split(encodeURIComponent(value)).join(MASK).split(value).join(MASK);
  }
  if (!rawQuery) return path;
  const query = new URLSearchParams(rawQuery);
  const shown: string[] = [];
  for (const [name, value] of query) {
    if (name === '_t') continue;
    shown.push(`${name}=${secret(name) && value !== '' ? MASK : value.slice(0, 100)}`);
  }
  return shown.length ? `${path}?${shown.join('&')}` : path;
}

/** The last TRACE_SIZE answers of the API, newest last; filled by an onResponse hook. */
export class RequestTrace {
  private readonly entries: TraceEntry[] = [];

  add(entry: TraceEntry): void {
    this.entries.push(entry);
    if (this.entries.length > TRACE_SIZE) this.entries.splice(0, this.entries.length - TRACE_SIZE);
  }

  /** Newest first. */
  list(): TraceEntry[] {
    return [...this.entries].reverse();
  }

  install(api: FastifyInstance): void {
    api.addHook('onResponse', async (request, reply) => {
      this.add({
        time: Date.now(),
        method: request.method,
        path: tracePath(request).slice(0, 300),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        username: request.session?.user.username ?? null,
      });
    });
  }
}
