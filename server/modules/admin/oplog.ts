import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { LOG_TYPE_OPERATION, requestLogFields, writeLog } from '../../core/sys-log';

export const OP_ADD = 2;
export const OP_EDIT = 3;
export const OP_DELETE = 4;
export const OP_IMPORT = 5;
export const OP_EXPORT = 6;

/** One operation-log row for an administrative change (never with passwords or tokens in it). */
export async function logOperation(db: Db, request: FastifyRequest, operateType: number, content: string): Promise<void> {
  const user = request.session?.user;
  await writeLog(db, {
    logType: LOG_TYPE_OPERATION,
    operateType,
    content,
    userId: user?.id ?? null,
    username: user?.username ?? null,
    ...requestLogFields(request),
  });
}
