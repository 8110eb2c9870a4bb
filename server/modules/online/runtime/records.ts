import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../../core/access-control';
import { businessError } from '../../../core/envelope';
import { LOG_TYPE_OPERATION, requestLogFields, writeLog } from '../../../core/sys-log';
import type { Db } from '../../../db/types';
import { createRecord, deleteRecords as deleteEntityRecords, idList, NOT_FOUND, updateRecord } from '../../entity/crud-routes';
import type { EntityDefinition } from '../../entity/definitions';
import { attachmentHeader, writeExportRows, XLSX_TYPE } from '../../entity/export';
import { parseParamsStr } from '../../entity/export-links';
import { importFiles } from '../../entity/import';
import {
  listConditions,
  listOrder,
  paramText,
  runListQuery,
  selectList,
  toRecord,
  type ListOptions,
  type ListParams,
} from '../../entity/list-query';
import { listOptionsOf, requireButton } from './access';
import type { Opened, Query } from './opened';

/** getData with pageSize=-521 answers every row, up to this many. */
export const UNPAGED_CAP = 10_000;

function bodyObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw businessError('请求内容格式不正确');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) out[k] = Array.isArray(v) && v.length === 0 ? '' : v;
  return out;
}

/** Sub-table arrays stay arrays (an empty grid deletes its rows). */
function withSubArrays(def: EntityDefinition, raw: unknown, body: Record<string, unknown>): Record<string, unknown> {
  const src = raw as Record<string, unknown>;
  for (const s of def.subTables) if (Array.isArray(src[s.property])) body[s.property] = src[s.property];
  return body;
}

export async function log(db: Db, request: FastifyRequest, operateType: number, content: string): Promise<void> {
  const { user } = requireSession(request);
  await writeLog(db, {
    logType: LOG_TYPE_OPERATION,
    content,
    operateType,
    userId: user.id,
    username: user.username,
    ...requestLogFields(request),
  });
}

function listParams(query: Query): { params: ListParams; options: Partial<ListOptions> } {
  const params: ListParams = { ...query };
  delete params.tabletype;
  if (paramText(query, 'pageSize') === '-521') {
    params.pageSize = String(UNPAGED_CAP);
    params.pageNo = '1';
    return { params, options: { maxPageSize: UNPAGED_CAP } };
  }
  return { params, options: {} };
}

export async function list(db: Db, request: FastifyRequest, o: Opened, query: Query, tree = false) {
  const { params, options } = listParams(query);
  const base = listOptionsOf(request, o.auth, o.form.def);
  const where = [...(base.where ?? [])];
  const head = o.form.head;
  const pid = tree ? head.tree_parent_id_field : null;
  if (pid && o.def.fields.some((f) => f.property === pid)) {
    const hasOtherFilter = Object.keys(params).some(
      (k) => o.def.fields.some((f) => k === f.property || k.startsWith(`${f.property}_`)) && paramText(params, k),
    );
    const superQuery = paramText(params, 'superQueryParams');
    if (!paramText(params, pid) && !hasOtherFilter && !superQuery)
      where.push(sql`coalesce(cast(${sql.id(pid)} as varchar), '0') in ('0', '')`);
  }
  const page = await runListQuery(db, o.def, params, { ...base, ...options, where });
  if (pid && head.tree_id_field && page.records.length) {
    // hasChildren from the rows themselves, whatever the stored flag says
    const ids = page.records.map((r) => String(r.id));
    const res = await sql<{
      p: string;
    }>`select distinct cast(${sql.id(pid)} as varchar) as p from ${sql.table(o.def.table)} where cast(${sql.id(pid)} as varchar) in (${sql.join(ids)})`.execute(
      db,
    );
    const parents = new Set(res.rows.map((r) => r.p));
    for (const r of page.records) r[head.tree_id_field] = parents.has(String(r.id)) ? '1' : '0';
  }
  return page;
}

export async function queryById(db: Db, o: Opened, request: FastifyRequest, id: string): Promise<Record<string, unknown>> {
  const base = listOptionsOf(request, o.auth, o.form.def);
  const conditions = listConditions(o.def, {}, base);
  conditions.push(sql`${sql.id(o.def.id.column)} = ${id}`);
  const res = await sql<
    Record<string, unknown>
  >`select ${selectList(o.def.fields)} from ${sql.table(o.def.table)} where ${sql.join(conditions, sql` and `)}`.execute(db);
  const row = res.rows[0];
  if (!row) throw businessError(NOT_FOUND);
  return toRecord(row);
}

export async function subRows(db: Db, sub: EntityDefinition, foreignKey: string, mainId: string) {
  const fk = sub.fields.find((f) => f.property === foreignKey)!;
  const order = sub.fields.find((f) => f.property === 'order_num') ?? sub.fields.find((f) => f.property === 'create_time');
  const orderBy = order
    ? sql`order by ${sql.id(order.column)} asc, ${sql.id(sub.id.column)} asc`
    : sql`order by ${sql.id(sub.id.column)} asc`;
  const res = await sql<
    Record<string, unknown>
  >`select ${selectList(sub.fields)} from ${sql.table(sub.table)} where ${sql.id(fk.column)} = ${mainId} ${orderBy}`.execute(db);
  return res.rows.map(toRecord);
}

/** Refuses ids outside the caller's data rules (they read as missing). */
export async function requireReachable(db: Db, o: Opened, request: FastifyRequest, ids: string[]): Promise<void> {
  const base = listOptionsOf(request, o.auth, o.form.def);
  if (!base.where?.length) return;
  const conditions = listConditions(o.def, {}, base);
  const res = await sql<{ n: number }>`select count(*) as n from ${sql.table(o.def.table)}
    where ${sql.id(o.def.id.column)} in (${sql.join(ids)}) and ${sql.join(conditions, sql` and `)}`.execute(db);
  if (Number(res.rows[0]?.n ?? 0) !== ids.length) throw businessError(NOT_FOUND);
}

export async function addRecord(db: Db, request: FastifyRequest, o: Opened, raw: unknown): Promise<string> {
  requireButton(o.auth, 'add');
  const { user } = requireSession(request);
  const body = withSubArrays(o.def, raw, bodyObject(raw));
  const id = await createRecord(db, o.def, body, user);
  await log(db, request, 2, `${o.def.label}添加：${id}`);
  return id;
}

export async function editRecord(db: Db, request: FastifyRequest, o: Opened, raw: unknown): Promise<void> {
  requireButton(o.auth, 'update');
  const { user } = requireSession(request);
  const body = withSubArrays(o.def, raw, bodyObject(raw));
  const id = body.id;
  if (typeof id !== 'string' || id.trim() === '' || id.length > 64) throw businessError(NOT_FOUND);
  const found = await sql`select 1 as one from ${sql.table(o.def.table)} where ${sql.id(o.def.id.column)} = ${id}`.execute(db);
  if (found.rows.length === 0) throw businessError(NOT_FOUND);
  await requireReachable(db, o, request, [id]);
  await updateRecord(db, o.def, id, body, user);
  await log(db, request, 3, `${o.def.label}编辑：${id}`);
}

export async function deleteRecords(db: Db, request: FastifyRequest, o: Opened, rawIds: string): Promise<number> {
  const ids = idList(rawIds);
  requireButton(o.auth, ids.length > 1 ? 'batch_delete' : 'delete');
  await requireReachable(db, o, request, ids);
  const count = await deleteEntityRecords(db, o.def, ids);
  if (count === 0) throw businessError(NOT_FOUND);
  await log(db, request, 4, `${o.def.label}删除：${ids.length}条`);
  return count;
}

export async function exportRecords(db: Db, request: FastifyRequest, o: Opened, query: Query, reply: import('fastify').FastifyReply) {
  requireButton(o.auth, 'export');
  const raw = paramText(query, 'paramsStr');
  const params: ListParams = raw && raw.trim() ? parseParamsStr(raw) : { ...query };
  const options = listOptionsOf(request, o.auth, o.form.def);
  listConditions(o.def, params, options);
  listOrder(o.def, params);
  const selections = paramText(params, 'selections');
  if (selections && selections.trim()) idList(selections);
  const { user } = requireSession(request);
  await log(db, request, 6, `${o.def.label}导出`);
  const out = new PassThrough();
  // a one-to-many form exports each record's sub rows below it unless only the main table is asked for
  const withSubRows = o.def.subTables.length > 0 && paramText(params, 'exportSingleOnly') !== '1';
  writeExportRows(db, o.def, params, options, user, out, withSubRows).catch((err: unknown) => {
    request.log.error({ err }, 'online form export failed');
    out.destroy(err instanceof Error ? err : new Error('export failed'));
  });
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', attachmentHeader(`${o.def.exportTitle}.xlsx`, `${o.def.table}.xlsx`))
    .header('Cache-Control', 'no-store')
    .send(out);
}

export async function importRecords(db: Db, request: FastifyRequest, o: Opened) {
  requireButton(o.auth, 'import');
  // hidden columns are not in the definition, so they are not read; sub rows are read as the export writes them
  return importFiles(db, o.def, request, true);
}
