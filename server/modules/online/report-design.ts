import type { FastifyRequest } from 'fastify';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import type { FastifyInstance } from 'fastify';
import { ApiError, businessError, ok, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import { toJsonRow } from '../../core/json';
import type { Db } from '../../db/types';
import { logOperation, OP_ADD, OP_DELETE, OP_EDIT } from '../admin/oplog';
import type { ReportExecutor } from './report-executor';
import { deriveColumns } from './report-query';
import { checkReportSql } from './sql-guard';
import { systemVariables } from './sql-runner';

export const REPORT_DESIGN_PERMISSION = 'online:report:design';

const CODE = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
const PARAM_NAME = /^\w{1,32}$/;
const FIELD_TYPES = ['String', 'Integer', 'Long', 'Double', 'BigDecimal', 'Date', 'Datetime'];
const CHART_TYPES = ['bar', 'line', 'pie'];
const MAX_SQL = 20000;

type Json = Record<string, unknown>;

const str = (v: unknown, max: number): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s ? s.slice(0, max) : null;
};
const flag = (v: unknown): number => (v === 1 || v === '1' || v === true || v === 'Y' ? 1 : 0);

export interface ReportModel {
  head: {
    id?: string;
    code: string;
    name: string;
    cgr_sql: string;
    content: string | null;
    role_codes: string | null;
    chart_type: string | null;
    chart_x: string | null;
    chart_y: string | null;
  };
  items: Array<{
    field_name: string;
    field_txt: string | null;
    field_type: string;
    field_width: number | null;
    is_show: number;
    is_search: number;
    search_mode: string;
    is_order: number;
    dict_code: string | null;
    field_href: string | null;
    is_total: string;
    group_title: string | null;
    order_num: number;
    replace_val: string | null;
  }>;
  params: Array<{ param_name: string; param_txt: string | null; param_value: string | null; order_num: number }>;
}

/** The designer's body ({head, items, params}, camelCase) checked and turned into rows; plain messages on errors. */
export function reportModel(body: unknown): ReportModel {
  const b = (body && typeof body === 'object' ? body : {}) as Json;
  const head = ((b.head && typeof b.head === 'object' ? b.head : b) ?? {}) as Json;
  const code = str(head.code, 100) ?? '';
  const name = str(head.name, 100) ?? '';
  const cgrSql = String(head.cgrSql ?? '').trim();
  if (!CODE.test(code)) throw businessError('报表编码只能包含字母、数字、下划线和短横线，并以字母开头');
  if (!name) throw businessError('请填写报表名称');
  if (!cgrSql) throw businessError('报表SQL不能为空');
  if (cgrSql.length > MAX_SQL) throw businessError(`报表SQL不能超过${MAX_SQL}个字符`);
  const chartType = str(head.chartType, 10);
  if (chartType && !CHART_TYPES.includes(chartType)) throw businessError('图表类型只能是柱状图、折线图或饼图');
  const rawItems = Array.isArray(b.items) ? (b.items as Json[]) : [];
  const rawParams = Array.isArray(b.params) ? (b.params as Json[]) : [];
  if (rawItems.length > 200 || rawParams.length > 50) throw businessError('报表的字段或参数太多');
  const seen = new Set<string>();
  const items = rawItems.map((it, i) => {
    const fieldName = str(it.fieldName, 63) ?? '';
    if (!FIELD_NAME.test(fieldName)) throw businessError(`字段名 ${fieldName || '（空）'} 只能包含字母、数字和下划线`);
    if (seen.has(fieldName)) throw businessError(`字段 ${fieldName} 重复`);
    seen.add(fieldName);
    const fieldType = FIELD_TYPES.includes(String(it.fieldType)) ? String(it.fieldType) : 'String';
    const width = Number(it.fieldWidth);
    return {
      field_name: fieldName,
      field_txt: str(it.fieldTxt, 300),
      field_type: fieldType,
      field_width: Number.isInteger(width) && width > 0 && width < 2000 ? width : null,
      is_show: it.isShow === undefined ? 1 : flag(it.isShow),
      is_search: flag(it.isSearch),
      search_mode: it.searchMode === 'group' ? 'group' : 'single',
      is_order: flag(it.isOrder),
      dict_code: str(it.dictCode, 500),
      field_href: str(it.fieldHref, 120),
      is_total: flag(it.isTotal) ? '1' : '0',
      group_title: str(it.groupTitle, 50),
      order_num: Number.isInteger(Number(it.orderNum)) ? Number(it.orderNum) : i + 1,
      replace_val: str(it.replaceVal, 200),
    };
  });
  const seenParams = new Set<string>();
  const params = rawParams.map((p, i) => {
    const paramName = str(p.paramName, 32) ?? '';
    if (!PARAM_NAME.test(paramName)) throw businessError(`参数名 ${paramName || '（空）'} 只能包含字母、数字和下划线`);
    if (seenParams.has(paramName)) throw businessError(`参数 ${paramName} 重复`);
    seenParams.add(paramName);
    return {
      param_name: paramName,
      param_txt: str(p.paramTxt, 32),
      param_value: str(p.paramValue, 100),
      order_num: Number.isInteger(Number(p.orderNum)) ? Number(p.orderNum) : i + 1,
    };
  });
  const chartX = str(head.chartX, 100);
  const chartY = str(head.chartY, 500);
  if (chartType) {
    if (!chartX || !seen.has(chartX)) throw businessError('请选择图表的分类字段（报表中的字段）');
    const ys = (chartY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!ys.length || ys.some((y) => !seen.has(y))) throw businessError('请选择图表的数值字段（报表中的字段）');
  }
  return {
    head: {
      ...(typeof head.id === 'string' && head.id ? { id: head.id } : {}),
      code,
      name,
      cgr_sql: cgrSql,
      content: str(head.content, 1000),
      role_codes: str(head.roleCodes, 500),
      chart_type: chartType,
      chart_x: chartType ? chartX : null,
      chart_y: chartType ? chartY : null,
    },
    items,
    params,
  };
}

async function saveChildren(db: Db, headId: string, model: ReportModel, by: string): Promise<void> {
  const now = new Date();
  await db.deleteFrom('onl_cgreport_item').where('cgrhead_id', '=', headId).execute();
  await db.deleteFrom('onl_cgreport_param').where('cgrhead_id', '=', headId).execute();
  if (model.items.length)
    await db
      .insertInto('onl_cgreport_item')
      .values(
        model.items.map((it) => ({
          ...it,
          id: newId(),
          cgrhead_id: headId,
          create_by: by,
          create_time: now,
          update_by: null,
          update_time: null,
        })),
      )
      .execute();
  if (model.params.length)
    await db
      .insertInto('onl_cgreport_param')
      .values(
        model.params.map((p) => ({
          ...p,
          id: newId(),
          cgrhead_id: headId,
          create_by: by,
          create_time: now,
          update_by: null,
          update_time: null,
        })),
      )
      .execute();
}

function idList(raw: unknown): string[] {
  return String(raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[A-Za-z0-9_-]{1,64}$/.test(s))
    .slice(0, 500);
}

/** Column derivation answers the database's own message to the designer (who wrote the SQL). */
async function derive(executor: ReportExecutor, request: FastifyRequest, text: string) {
  const checked = await checkReportSql(text);
  const { user } = requireSession(request);
  try {
    const fields = await deriveColumns(executor, user.username, checked, systemVariables(user));
    return { fields, params: checked.paramNames.map((name, i) => ({ paramName: name, paramTxt: name, paramValue: '', orderNum: i + 1 })) };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw businessError(`报表SQL执行失败：${(err as Error).message}`);
  }
}

const opts = { config: { permission: REPORT_DESIGN_PERMISSION } };

/** The report heads listed and read, with their columns and parameters. */
function mountReportReads(api: FastifyInstance, db: Db): void {
  api.get<{ Querystring: Record<string, string | undefined> }>('/online/cgreport/head/list', opts, async (request) => {
    const q = request.query;
    const pageNo = Math.max(1, Number.parseInt(q.pageNo ?? '1', 10) || 1);
    const pageSize = Math.min(200, Math.max(1, Number.parseInt(q.pageSize ?? '10', 10) || 10));
    let query = db.selectFrom('onl_cgreport_head').where('del_flag', '=', 0);
    const code = str(q.code, 100);
    const name = str(q.name, 100);
    const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    if (code) query = query.where('code', 'ilike', like(code));
    if (name) query = query.where('name', 'ilike', like(name));
    const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query
      .selectAll()
      .orderBy('create_time', 'desc')
      .orderBy('code')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    return ok({ records: rows.map((r) => toJsonRow(r)), total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
  });

  api.get<{ Querystring: { id?: string } }>('/online/cgreport/head/queryById', opts, async (request) => {
    const row = await db
      .selectFrom('onl_cgreport_head')
      .selectAll()
      .where('id', '=', String(request.query.id ?? ''))
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!row) throw businessError('报表不存在');
    return ok(toJsonRow(row));
  });

  api.get<{ Querystring: { headId?: string } }>('/online/cgreport/item/listByHeadId', opts, async (request) => {
    const rows = await db
      .selectFrom('onl_cgreport_item')
      .selectAll()
      .where('cgrhead_id', '=', String(request.query.headId ?? ''))
      .orderBy('order_num')
      .execute();
    return ok(rows.map((r) => toJsonRow(r)));
  });

  api.get<{ Querystring: { headId?: string } }>('/online/cgreport/param/listByHeadId', opts, async (request) => {
    const rows = await db
      .selectFrom('onl_cgreport_param')
      .selectAll()
      .where('cgrhead_id', '=', String(request.query.headId ?? ''))
      .orderBy('order_num')
      .execute();
    return ok(rows.map((r) => toJsonRow(r)));
  });
}

/** Reports parsed, added, edited and deleted; every SQL is checked by the guard before it is saved. */
function mountReportWrites(api: FastifyInstance, db: Db, executor: ReportExecutor): void {
  api.post<{ Querystring: { sql?: string }; Body: { sql?: string } | undefined }>(
    '/online/cgreport/head/parseSql',
    opts,
    async (request) => {
      const text = String((request.body && typeof request.body === 'object' ? request.body.sql : undefined) ?? request.query.sql ?? '');
      if (text.length > MAX_SQL) throw businessError(`报表SQL不能超过${MAX_SQL}个字符`);
      return ok(await derive(executor, request, text));
    },
  );

  api.post<{ Body: unknown }>('/online/cgreport/head/add', opts, async (request) => {
    const model = reportModel(request.body);
    await derive(executor, request, model.head.cgr_sql);
    const by = requireSession(request).user.username;
    const id = newId();
    await db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('onl_cgreport_head').select('id').where('code', '=', model.head.code).executeTakeFirst();
      if (taken) throw businessError(`报表编码 ${model.head.code} 已存在`);
      const { id: _ignored, ...head } = model.head;
      await trx
        .insertInto('onl_cgreport_head')
        .values({
          ...head,
          id,
          return_val_field: null,
          return_txt_field: null,
          return_type: null,
          db_source: 'local',
          del_flag: 0,
          create_by: by,
          create_time: new Date(),
          update_by: null,
          update_time: null,
        })
        .execute();
      await saveChildren(trx, id, model, by);
    });
    await logOperation(db, request, OP_ADD, `添加在线报表：${model.head.code}`);
    return ok(id, '添加成功！');
  });

  const editAll = async (request: FastifyRequest<{ Body: unknown }>) => {
    const model = reportModel(request.body);
    const id = model.head.id;
    if (!id) throw businessError('报表不存在');
    await derive(executor, request, model.head.cgr_sql);
    const by = requireSession(request).user.username;
    await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('onl_cgreport_head')
        .select('id')
        .where('id', '=', id)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!current) throw businessError('报表不存在');
      const taken = await trx
        .selectFrom('onl_cgreport_head')
        .select('id')
        .where('code', '=', model.head.code)
        .where('id', '<>', id)
        .executeTakeFirst();
      if (taken) throw businessError(`报表编码 ${model.head.code} 已存在`);
      const { id: _ignored, ...head } = model.head;
      await trx
        .updateTable('onl_cgreport_head')
        .set({ ...head, update_by: by, update_time: new Date() })
        .where('id', '=', id)
        .execute();
      await saveChildren(trx, id, model, by);
    });
    await logOperation(db, request, OP_EDIT, `编辑在线报表：${model.head.code}`);
    return okMessage('编辑成功！');
  };
  api.put<{ Body: unknown }>('/online/cgreport/head/editAll', opts, editAll);
  api.post<{ Body: unknown }>('/online/cgreport/head/editAll', opts, editAll);

  const remove = async (request: FastifyRequest, ids: string[]) => {
    if (!ids.length) throw businessError('请选择要删除的报表');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('onl_cgreport_item').where('cgrhead_id', 'in', ids).execute();
      await trx.deleteFrom('onl_cgreport_param').where('cgrhead_id', 'in', ids).execute();
      await trx.deleteFrom('onl_cgreport_head').where('id', 'in', ids).execute();
    });
    await logOperation(db, request, OP_DELETE, `删除在线报表：${ids.join(',')}`);
  };
  api.delete<{ Querystring: { id?: string } }>('/online/cgreport/head/delete', opts, async (request) => {
    await remove(request, idList(request.query.id).slice(0, 1));
    return okMessage('删除成功!');
  });
  api.delete<{ Querystring: { ids?: string } }>('/online/cgreport/head/deleteBatch', opts, async (request) => {
    await remove(request, idList(request.query.ids));
    return okMessage('批量删除成功!');
  });
}

/** 在线报表设计: the report heads, their columns and parameters. */
export function onlineReportDesignModule(api: FastifyInstance, { db }: AppDeps, executor: ReportExecutor): void {
  mountReportReads(api, db);
  mountReportWrites(api, db, executor);
}
