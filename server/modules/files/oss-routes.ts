import { unlink } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import type { JsonValue } from '../../core/json';
import { objectSchema, text } from '../../core/schemas';
import { runListQuery, type ListField } from '../entity/list-query';
import { fileUsages } from './file-references';
import { locate } from './storage';

export const OSS_PERMISSION = { list: 'system:oss:list', delete: 'system:oss:delete' } as const;

const FIELDS: readonly ListField[] = [
  { property: 'id', column: 'id', type: 'string' },
  { property: 'fileName', column: 'file_name', type: 'string' },
  { property: 'url', column: 'file_path', type: 'string' },
  { property: 'biz', column: 'biz', type: 'string' },
  { property: 'fileExt', column: 'file_ext', type: 'string' },
  { property: 'fileSize', column: 'file_size', type: 'bigint' },
  { property: 'createBy', column: 'create_by', type: 'string' },
  { property: 'createTime', column: 'create_time', type: 'datetime' },
];

/**
 * 文件管理: GET /sys/oss/file/list (stored files, newest first, with `usedIn`: where each is still
 * referenced) and DELETE /sys/oss/file/delete?id&confirmedUsage (a referenced file only when the caller
 * confirmed exactly the current usage text). Upload, preview and download use /sys/common/*.
 */
export function ossRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  api.get<{ Querystring: Record<string, string | undefined> }>(
    '/sys/oss/file/list',
    {
      config: { permission: OSS_PERMISSION.list },
      schema: {
        querystring: objectSchema({
          pageNo: text('页码', 10, { pattern: '^\\d*$' }),
          pageSize: text('每页条数', 10, { pattern: '^\\d*$' }),
          fileName: text('文件名称', 100),
          fileExt: text('文件类型', 10),
          column: text('排序字段', 40),
          order: text('排序方式', 10),
          _t: text('时间戳', 20),
        }),
      },
    },
    async (request) => {
      const { fileName, fileExt, ...rest } = request.query;
      const params: Record<string, string | undefined> = { ...rest };
      if (fileName?.trim()) params.fileName = `*${fileName.trim()}*`;
      if (fileExt?.trim()) params.fileExt = fileExt.trim().toLowerCase().replace(/^\./, '');
      const page = await runListQuery(
        db,
        { table: 'sys_upload_file', fields: FIELDS, idProperty: 'id', defaultSort: { column: 'createTime', order: 'desc' } },
        params,
      );
      const usages = await fileUsages(
        db,
        page.records.map((r) => String(r.url)),
      );
      const records = page.records.map((r): Record<string, JsonValue> => ({ ...r, usedIn: usages.get(String(r.url))?.join('、') || null }));
      return ok({ ...page, records });
    },
  );

  api.delete<{ Querystring: { id?: string; confirmedUsage?: string } }>(
    '/sys/oss/file/delete',
    {
      config: { permission: OSS_PERMISSION.delete },
      schema: { querystring: objectSchema({ id: text('文件ID', 32, { minLength: 1 }), confirmedUsage: text('确认的引用', 4000) }, ['id']) },
    },
    async (request) => {
      const row = await db
        .selectFrom('sys_upload_file')
        .selectAll()
        .where('id', '=', request.query.id ?? '')
        .executeTakeFirst();
      if (!row) throw businessError('未找到对应文件');
      const usedIn = (await fileUsages(db, [row.file_path])).get(row.file_path)?.join('、') ?? '';
      if (usedIn && usedIn !== (request.query.confirmedUsage ?? '')) {
        throw businessError(`文件「${row.file_name}」仍被 ${usedIn} 引用，请确认后再删除`);
      }
      // the bytes go with the row (on delete cascade); a file an earlier version kept on disk is removed there
      await db.deleteFrom('sys_upload_file').where('id', '=', row.id).execute();
      const full = locate(deps.config.dataDir, row);
      if (full) await unlink(full).catch(() => undefined);
      return okMessage('删除成功!');
    },
  );
}
