import type { Db } from '../db/types';
import { newId } from './ids';

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
}

/** Appends to sys_log. Never pass passwords, tokens, captcha answers or SMS codes in content. */
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
      request_param: null,
      request_type: entry.requestType ?? null,
      cost_time: entry.costTime ?? null,
      create_by: entry.username ?? null,
      create_time: new Date(),
      update_by: null,
      update_time: null,
    })
    .execute();
}
