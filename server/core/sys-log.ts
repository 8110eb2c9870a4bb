import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/types';
import { newId } from './ids';
import { maskedParams } from './log-mask';

export const LOG_TYPE_LOGIN = 1;
export const LOG_TYPE_OPERATION = 2;

export interface LogEntry {
  logType: number;
  content: string;
  userId?: string | null;
  username?: string | null;
  ip?: string | null;
  operateType?: number | null;
  method?: string | null;
  requestUrl?: string | null;
  requestType?: string | null;
  costTime?: number | null;
  /** request parameters; masked here (passwords, tokens, codes) before they are stored */
  params?: unknown[];
}

const started = new WeakMap<object, bigint>();

/** Remembers when each request arrived, for the cost of operation logs. */
export function installRequestTiming(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    started.set(request.raw, process.hrtime.bigint());
  });
}

/** Milliseconds since the request arrived (0 when unknown). */
export function requestCost(request: FastifyRequest): number {
  const t = started.get(request.raw);
  return t === undefined ? 0 : Number((process.hrtime.bigint() - t) / 1_000_000n);
}

/** The operation-log fields of a request: path, method, masked parameters and cost. */
export function requestLogFields(
  request: FastifyRequest,
): Pick<LogEntry, 'ip' | 'method' | 'requestUrl' | 'requestType' | 'costTime' | 'params'> {
  return {
    ip: request.ip,
    method: request.routeOptions.url ?? null,
    requestUrl: (request.url.split('?')[0] ?? '').slice(0, 255),
    requestType: request.method,
    costTime: requestCost(request),
    params: [request.query, request.body],
  };
}

/** Appends to sys_log. Never pass passwords, tokens, captcha answers or SMS codes in content; params are masked here. */
export async function writeLog(db: Db, entry: LogEntry): Promise<void> {
  await db
    .insertInto('sys_log')
    .values({
      id: newId(),
      log_type: entry.logType,
      log_content: entry.content.slice(0, 1000),
      operate_type: entry.operateType ?? null,
      userid: entry.userId ?? null,
      username: entry.username ?? null,
      ip: entry.ip ?? null,
      method: entry.method ?? null,
      request_url: entry.requestUrl ?? null,
      request_param: entry.params ? maskedParams(...entry.params) : null,
      request_type: entry.requestType ?? null,
      cost_time: entry.costTime ?? null,
      create_by: entry.username ?? null,
      create_time: new Date(),
      update_by: null,
      update_time: null,
    })
    .execute();
}
