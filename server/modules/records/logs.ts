import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { XlsxStreamWriter } from '../../core/xlsx-writer';
import { escapeLike } from '../entity/list-conditions';
import { runListQuery, type ListParams, type ListSource } from '../entity/list-query';
import { attachmentHeader } from '../entity/export';
import { idList } from '../entity/crud-routes';
import { logOperation, OP_DELETE, OP_EXPORT } from '../admin/oplog';
import { anyText, LIST_QUERY, querySchema } from '../../core/schemas';

const LOG_LIST = { querystring: LIST_QUERY };
/** the ids are checked by idList with its own messages */
const LOG_ID = { querystring: querySchema({ id: anyText('日志') }) };
const LOG_IDS = { querystring: querySchema({ ids: anyText('日志') }) };

export const LOG_PERMISSION = {
  list: 'system:log:list',
  delete: 'system:log:delete',
  export: 'system:log:exportXls',
} as const;

export const LOG_SOURCE: ListSource = {
  table: 'sys_log',
  idProperty: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  fields: [
    { property: 'id', column: 'id', type: 'string' },
    { property: 'logType', column: 'log_type', type: 'int', dictCode: 'log_type' },
    { property: 'logContent', column: 'log_content', type: 'string', match: 'contains' },
    { property: 'operateType', column: 'operate_type', type: 'int', dictCode: 'operate_type' },
    { property: 'userid', column: 'userid', type: 'string' },
    { property: 'username', column: 'username', type: 'string', match: 'contains' },
    { property: 'ip', column: 'ip', type: 'string', match: 'contains' },
    { property: 'method', column: 'method', type: 'string' },
    { property: 'requestUrl', column: 'request_url', type: 'string', match: 'contains' },
    { property: 'requestParam', column: 'request_param', type: 'text' },
    { property: 'requestType', column: 'request_type', type: 'string' },
    { property: 'costTime', column: 'cost_time', type: 'bigint' },
    { property: 'createTime', column: 'create_time', type: 'datetime' },
  ],
};

const EXPORT_MAX = 10_000;

/** keyWord (the reference's 搜索日志) finds the content, user or address that contains it. */
function keywordConditions(params: ListParams) {
  const raw = typeof params.keyWord === 'string' ? params.keyWord.trim() : '';
  if (!raw) return [];
  if (raw.length > 100) throw businessError('搜索内容不能超过100个字符');
  const p = `%${escapeLike(raw)}%`;
  return [sql<SqlBool>`(log_content like ${p} or username like ${p} or ip like ${p} or request_url like ${p})`];
}

function listParams(query: ListParams): ListParams {
  const { keyWord: _k, ...rest } = query;
  return rest;
}

/** 日志管理: /sys/log/list, delete, deleteBatch, exportXls (read-only records of sign-ins and operations). */
export function logRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: ListParams }>(
    '/sys/log/list',
    { config: { permission: LOG_PERMISSION.list }, schema: LOG_LIST },
    async (request) => ok(await runListQuery(db, LOG_SOURCE, listParams(request.query), { where: keywordConditions(request.query) })),
  );

  api.delete<{ Querystring: { id?: string } }>(
    '/sys/log/delete',
    { config: { permission: LOG_PERMISSION.delete }, schema: LOG_ID },
    async (request) => {
      const [id] = idList(String(request.query.id ?? ''));
      const res = await db.deleteFrom('sys_log').where('id', '=', id!).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw businessError('未找到对应数据');
      await logOperation(db, request, OP_DELETE, `删除日志：${id}`);
      return okMessage('删除成功!');
    },
  );

  api.delete<{ Querystring: { ids?: string } }>(
    '/sys/log/deleteBatch',
    { config: { permission: LOG_PERMISSION.delete }, schema: LOG_IDS },
    async (request) => {
      const ids = idList(String(request.query.ids ?? ''));
      await db.deleteFrom('sys_log').where('id', 'in', ids).execute();
      await logOperation(db, request, OP_DELETE, `批量删除日志：${ids.length}条`);
      return okMessage('批量删除成功!');
    },
  );

  api.get<{ Querystring: ListParams }>(
    '/sys/log/exportXls',
    { config: { permission: LOG_PERMISSION.export }, schema: LOG_LIST },
    async (request, reply) => {
      const page = await runListQuery(
        db,
        LOG_SOURCE,
        { ...listParams(request.query), pageNo: 1, pageSize: EXPORT_MAX },
        {
          where: keywordConditions(request.query),
          maxPageSize: EXPORT_MAX,
        },
      );
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const done = new Promise<void>((resolve) => out.on('end', () => resolve()));
      const sheet = new XlsxStreamWriter(out);
      await sheet.start({ sheetName: '日志', widths: [40, 12, 14, 16, 10, 10, 30, 40, 10, 20] });
      await sheet.addRow([
        '日志内容',
        '日志类型',
        '操作人',
        'IP',
        '操作类型',
        '请求类型',
        '请求路径',
        '请求参数',
        '耗时(毫秒)',
        '创建时间',
      ]);
      for (const r of page.records) {
        await sheet.addRow([
          String(r.logContent ?? ''),
          String(r.logType_dictText ?? r.logType ?? ''),
          String(r.username ?? ''),
          String(r.ip ?? ''),
          String(r.operateType_dictText ?? ''),
          String(r.requestType ?? ''),
          String(r.requestUrl ?? ''),
          String(r.requestParam ?? ''),
          r.costTime === null || r.costTime === undefined ? '' : Number(r.costTime),
          String(r.createTime ?? ''),
        ]);
      }
      await sheet.finish();
      out.end();
      await done;
      await logOperation(db, request, OP_EXPORT, `导出日志：${page.records.length}条`);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachmentHeader('日志.xlsx', 'log.xlsx'))
        .header('Cache-Control', 'no-store')
        .send(Buffer.concat(chunks));
    },
  );
}
