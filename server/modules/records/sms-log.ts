import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps';
import { requireGrants } from '../../core/access-control';
import { ok } from '../../core/envelope';
import { maskCodes } from '../../core/sms';
import { runListQuery, type ListParams, type ListSource } from '../entity/list-query';
import { LIST_QUERY } from '../../core/schemas';

export const SMS_LOG_PERMISSION = 'system:smsLog:list';

const SMS_LOG_SOURCE: ListSource = {
  table: 'sys_sms_outbox',
  idProperty: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  fields: [
    { property: 'id', column: 'id', type: 'string' },
    { property: 'mobile', column: 'mobile', type: 'string', match: 'contains' },
    { property: 'templateCode', column: 'template_code', type: 'string', dictCode: 'sms_purpose' },
    { property: 'content', column: 'content', type: 'text' },
    { property: 'provider', column: 'provider', type: 'string', dictCode: 'sms_provider' },
    { property: 'status', column: 'status', type: 'string', dictCode: 'sms_status' },
    { property: 'result', column: 'result', type: 'string' },
    { property: 'createTime', column: 'create_time', type: 'datetime' },
  ],
};

/**
 * 短信记录: GET /sys/smsLog/list?mobile&status&provider&pageNo&pageSize, every text message the server sent or kept
 * in the development outbox. Only an administrator reads the verification codes; anyone else granted the menu
 * sees them masked.
 */
export function smsLogRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: ListParams }>(
    '/sys/smsLog/list',
    { config: { permission: SMS_LOG_PERMISSION }, schema: { querystring: LIST_QUERY } },
    async (request) => {
      const page = await runListQuery(db, SMS_LOG_SOURCE, request.query);
      const { isAdmin } = await requireGrants(request, db);
      if (!isAdmin) page.records = page.records.map((r) => ({ ...r, content: maskCodes(String(r.content ?? '')) }));
      return ok(page);
    },
  );
}
