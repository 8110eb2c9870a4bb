import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireGrants, requireSession } from '../../../core/access-control';
import type { ApiModule, AppDeps } from '../../../core/deps';
import { ApiError, businessError, forbidden, ok, okMessage } from '../../../core/envelope';
import { LOG_TYPE_OPERATION, requestLogFields, writeLog } from '../../../core/sys-log';
import type { Db } from '../../../db/types';
import { createRecord, deleteRecords as deleteEntityRecords, idList, NOT_FOUND, updateRecord } from '../../entity/crud-routes';
import type { EntityDefinition } from '../../entity/definitions';
import { attachmentHeader, writeExportRows, XLSX_TYPE } from '../../entity/export';
import { parseParamsStr } from '../../entity/export-links';
import { importFiles, MAX_IMPORT_FILE_BYTES } from '../../entity/import';
import { listConditions, listOrder, paramText, runListQuery, selectList, toRecord, type ListOptions, type ListParams } from '../../entity/list-query';
import { LOOKUP_ROW_CAP, searchPlainDict, searchTableDict, type DictModel } from '../../lookup/dict-queries';
import { resolveDictCode } from '../../lookup';
import { findFormAction } from '../actions';
import { listOptionsOf, requireButton, requireFormAccess, subAuth, visibleDefinition, type FormAuth } from './access';
import { dictCodeOf, FORM_NOT_FOUND, loadForm, readHead, type OnlineForm } from './definition';
import { formPageSchema, pageSchema } from './page';
import { viewOf } from './widgets';

export { formDefinition, loadForm, NO_DB_SYNC } from './definition';

const BASE = '/online/cgform/api';
/** getData with pageSize=-521 answers every row, up to this many. */
export const UNPAGED_CAP = 10_000;

type Query = Record<string, unknown>;

/** One call on a form: the form, what the caller may see of it, and the definition cut to that. */
interface Opened {
  form: OnlineForm;
  auth: FormAuth;
  def: EntityDefinition;
}

/** The form after the access check: a caller without it learns nothing of the form (not even whether it exists or is synced). */
async function open(request: FastifyRequest, db: Db, code: string): Promise<Opened> {
  requireSession(request);
  const head = await readHead(db, code);
  if (!head) {
    if (!(await requireGrants(request, db)).isAdmin) throw forbidden();
    throw businessError(FORM_NOT_FOUND);
  }
  const auth = await requireFormAccess(request, db, head);
  const form = await loadForm(db, code, head);
  const def = visibleDefinition(form.def, auth.hiddenColumns);
  const subTables = [];
  for (const [i, sub] of form.subs.entries()) {
    const link = form.def.subTables[i]!;
    subTables.push({ ...link, entity: visibleDefinition(sub.def, await subAuth(request, db, sub)) });
  }
  return { form, auth, def: { ...def, subTables } };
}

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

async function log(db: Db, request: FastifyRequest, operateType: number, content: string): Promise<void> {
  const { user } = requireSession(request);
  await writeLog(db, { logType: LOG_TYPE_OPERATION, content, operateType, userId: user.id, username: user.username, ...requestLogFields(request) });
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

async function list(db: Db, request: FastifyRequest, o: Opened, query: Query, tree = false) {
  const { params, options } = listParams(query);
  const base = listOptionsOf(request, o.auth, o.form.def);
  const where = [...(base.where ?? [])];
  const head = o.form.head;
  const pid = tree ? head.tree_parent_id_field : null;
  if (pid && o.def.fields.some((f) => f.property === pid)) {
    const hasOtherFilter = Object.keys(params).some((k) => o.def.fields.some((f) => k === f.property || k.startsWith(`${f.property}_`)) && paramText(params, k));
    const superQuery = paramText(params, 'superQueryParams');
    if (!paramText(params, pid) && !hasOtherFilter && !superQuery) where.push(sql`coalesce(cast(${sql.id(pid)} as varchar), '0') in ('0', '')`);
  }
  const page = await runListQuery(db, o.def, params, { ...base, ...options, where });
  if (pid && head.tree_id_field && page.records.length) {
    // hasChildren from the rows themselves, whatever the stored flag says
    const ids = page.records.map((r) => String(r.id));
    const res = await sql<{ p: string }>`select distinct cast(${sql.id(pid)} as varchar) as p from ${sql.table(o.def.table)} where cast(${sql.id(pid)} as varchar) in (${sql.join(ids)})`.execute(db);
    const parents = new Set(res.rows.map((r) => r.p));
    for (const r of page.records) r[head.tree_id_field] = parents.has(String(r.id)) ? '1' : '0';
  }
  return page;
}

async function queryById(db: Db, o: Opened, request: FastifyRequest, id: string): Promise<Record<string, unknown>> {
  const base = listOptionsOf(request, o.auth, o.form.def);
  const conditions = listConditions(o.def, {}, base);
  conditions.push(sql`${sql.id(o.def.id.column)} = ${id}`);
  const res = await sql<Record<string, unknown>>`select ${selectList(o.def.fields)} from ${sql.table(o.def.table)} where ${sql.join(conditions, sql` and `)}`.execute(db);
  const row = res.rows[0];
  if (!row) throw businessError(NOT_FOUND);
  return toRecord(row);
}

async function subRows(db: Db, sub: EntityDefinition, foreignKey: string, mainId: string) {
  const fk = sub.fields.find((f) => f.property === foreignKey)!;
  const order = sub.fields.find((f) => f.property === 'order_num') ?? sub.fields.find((f) => f.property === 'create_time');
  const orderBy = order ? sql`order by ${sql.id(order.column)} asc, ${sql.id(sub.id.column)} asc` : sql`order by ${sql.id(sub.id.column)} asc`;
  const res = await sql<Record<string, unknown>>`select ${selectList(sub.fields)} from ${sql.table(sub.table)} where ${sql.id(fk.column)} = ${mainId} ${orderBy}`.execute(db);
  return res.rows.map(toRecord);
}

/** Refuses ids outside the caller's data rules (they read as missing). */
async function requireReachable(db: Db, o: Opened, request: FastifyRequest, ids: string[]): Promise<void> {
  const base = listOptionsOf(request, o.auth, o.form.def);
  if (!base.where?.length) return;
  const conditions = listConditions(o.def, {}, base);
  const res = await sql<{ n: number }>`select count(*) as n from ${sql.table(o.def.table)}
    where ${sql.id(o.def.id.column)} in (${sql.join(ids)}) and ${sql.join(conditions, sql` and `)}`.execute(db);
  if (Number(res.rows[0]?.n ?? 0) !== ids.length) throw businessError(NOT_FOUND);
}

async function addRecord(db: Db, request: FastifyRequest, o: Opened, raw: unknown): Promise<string> {
  requireButton(o.auth, 'add');
  const { user } = requireSession(request);
  const body = withSubArrays(o.def, raw, bodyObject(raw));
  const id = await createRecord(db, o.def, body, user);
  await log(db, request, 2, `${o.def.label}添加：${id}`);
  return id;
}

async function editRecord(db: Db, request: FastifyRequest, o: Opened, raw: unknown): Promise<void> {
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

async function deleteRecords(db: Db, request: FastifyRequest, o: Opened, rawIds: string): Promise<number> {
  const ids = idList(rawIds);
  requireButton(o.auth, ids.length > 1 ? 'batch_delete' : 'delete');
  await requireReachable(db, o, request, ids);
  const count = await deleteEntityRecords(db, o.def, ids);
  if (count === 0) throw businessError(NOT_FOUND);
  await log(db, request, 4, `${o.def.label}删除：${ids.length}条`);
  return count;
}

async function exportRecords(db: Db, request: FastifyRequest, o: Opened, query: Query, reply: import('fastify').FastifyReply) {
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
  writeExportRows(db, o.def, params, options, user, out).catch((err: unknown) => {
    request.log.error({ err }, 'online form export failed');
    out.destroy(err instanceof Error ? err : new Error('export failed'));
  });
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', attachmentHeader(`${o.def.exportTitle}.xlsx`, `${o.def.table}.xlsx`))
    .header('Cache-Control', 'no-store')
    .send(out);
}

async function importRecords(db: Db, request: FastifyRequest, o: Opened) {
  requireButton(o.auth, 'import');
  // rows go to the main table only; hidden columns are not in the definition, so they are not read
  return importFiles(db, { ...o.def, subTables: [] }, request);
}

async function dictOptions(db: Db, request: FastifyRequest, form: OnlineForm, def: EntityDefinition): Promise<Record<string, DictModel[]>> {
  const grants = await requireGrants(request, db);
  const out: Record<string, DictModel[]> = {};
  for (const f of form.fields) {
    if (!def.fields.some((d) => d.property === f.db_field_name)) continue;
    const code = dictCodeOf(f);
    if (!code) continue;
    try {
      const d = resolveDictCode(code, grants);
      const items = d.kind === 'table' ? await searchTableDict(db, d.entry, '', LOOKUP_ROW_CAP) : await searchPlainDict(db, d.code, '', LOOKUP_ROW_CAP);
      out[f.db_field_name] = items;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      out[f.db_field_name] = [];
    }
  }
  return out;
}

const HIDE_BUTTONS = ['add', 'update', 'delete', 'batch_delete', 'import', 'export', 'detail', 'super_query', 'bpm'];

async function buttonList(db: Db, form: OnlineForm, auth: FormAuth) {
  const rows = await db.selectFrom('onl_cgform_button').selectAll().where('cgform_head_id', '=', form.head.id).where('button_status', '=', '1').orderBy('order_num').execute();
  return rows
    .filter((b) => !auth.hiddenButtons.has(b.button_code))
    .map((b) => ({ buttonCode: b.button_code, buttonName: b.button_name, buttonIcon: b.button_icon, buttonStyle: b.button_style, optType: b.opt_type, optPosition: b.opt_position, exp: b.exp }));
}

async function columnsInfo(db: Db, request: FastifyRequest, o: Opened, form: OnlineForm, def: EntityDefinition) {
  const visible = new Set(def.fields.map((f) => f.property));
  const columns = form.fields
    .filter((f) => f.is_show_list === 1 && visible.has(f.db_field_name) && f.db_field_name !== form.foreignKey)
    .map((f) => {
      const dict = dictCodeOf(f);
      return {
        title: f.db_field_txt || f.db_field_name,
        dataIndex: f.db_field_name,
        align: 'center',
        ...(f.field_length ? { width: f.field_length } : {}),
        ...(f.sort_flag === '1' ? { sorter: true } : {}),
        fieldType: f.db_type,
        ...(dict ? { customRender: f.db_field_name } : {}),
      };
    });
  const head = form.head;
  return {
    columns,
    dictOptions: await dictOptions(db, request, form, def),
    checkboxFlag: head.is_checkbox,
    paginationFlag: head.is_page,
    scrollFlag: head.scroll,
    formTemplate: head.form_template,
    description: head.table_txt,
    currentTableName: head.table_name,
    tableType: head.table_type,
    cgButtonList: await buttonList(db, form, o.auth),
    enhanceJs: '',
    hideColumns: HIDE_BUTTONS.filter((b) => o.auth.hiddenButtons.has(b)),
    fieldHrefSlots: form.fields.filter((f) => f.field_href).map((f) => ({ slotName: `fieldHref_${f.db_field_name}`, href: f.field_href })),
    isDesForm: false,
    desFormCode: '',
    ...(head.is_tree === 'Y' ? { pidField: head.tree_parent_id_field, hasChildrenField: head.tree_id_field, textField: head.tree_fieldname } : {}),
  };
}

function queryInfo(form: OnlineForm, def: EntityDefinition) {
  const visible = new Set(def.fields.map((f) => f.property));
  return form.fields
    .filter((f) => f.is_query === 1 && visible.has(f.db_field_name))
    .map((f) => ({
      field: f.db_field_name,
      label: f.db_field_txt || f.db_field_name,
      view: viewOf(f),
      mode: f.query_mode === 'group' ? 'group' : 'single',
      dictCode: f.dict_field ?? '',
      dictTable: f.dict_table ?? '',
      dictText: f.dict_text ?? '',
      ...(f.dict_table ? { dict: `${f.dict_table},${f.dict_text ?? ''},${f.dict_field ?? ''}` } : {}),
      fieldExtendJson: f.field_extend_json ?? '',
    }));
}

function formSchema(form: OnlineForm, def: EntityDefinition) {
  const visible = new Map(def.fields.map((f) => [f.property, f]));
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [i, f] of form.fields.entries()) {
    const field = visible.get(f.db_field_name);
    if (f.is_show_form !== 1 || !field || f.db_field_name === form.foreignKey) continue;
    if (field.required) required.push(f.db_field_name);
    const numeric = field.type === 'int' ? 'integer' : field.type === 'decimal' ? 'number' : 'string';
    properties[f.db_field_name] = {
      view: viewOf(f),
      title: f.db_field_txt || f.db_field_name,
      type: numeric,
      order: i,
      ...(f.dict_field ? { dictCode: f.dict_field } : {}),
      ...(f.dict_table ? { dictTable: f.dict_table, dictText: f.dict_text } : {}),
      ...(f.field_default_value ? { defVal: f.field_default_value } : {}),
      ...(f.is_read_only === 1 ? { ui: { widgetattrs: { disabled: true } } } : {}),
      ...(f.field_extend_json ? { fieldExtendJson: f.field_extend_json } : {}),
    };
  }
  return { table: form.head.table_name, required, properties };
}

async function formItem(db: Db, o: Opened) {
  const schema = formSchema(o.form, o.def) as { properties: Record<string, unknown> };
  for (const [i, sub] of o.form.subs.entries()) {
    const link = o.def.subTables[i]!;
    const inner = formSchema(sub, link.entity);
    schema.properties[sub.head.table_name] = {
      view: 'tab',
      relationType: sub.head.relation_type ?? 0,
      foreignKey: sub.foreignKey,
      order: 1000 + i,
      describe: sub.head.table_txt,
      properties: inner.properties,
      required: inner.required,
    };
  }
  const head = o.form.head;
  return {
    head: { id: head.id, tableName: head.table_name, tableTxt: head.table_txt, tableType: head.table_type, isTree: head.is_tree, formTemplate: head.form_template, themeTemplate: head.theme_template, extConfigJson: head.ext_config_json, subTableStr: head.sub_table_str },
    schema,
    cgButtonList: await buttonList(db, o.form, o.auth),
    enhanceJs: '',
    formTemplate: head.form_template,
  };
}

/** Every runtime route; each one opens the form, which checks the caller's access before anything else. */
function mountRoutes(api: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const cfg = { config: { authenticated: true as const } };
  type P = { Params: { code: string }; Querystring: Query };

  api.get<P>(`${BASE}/getColumns/:code`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    return ok(await columnsInfo(db, request, o, o.form, o.def));
  });

  api.get<P>(`${BASE}/getErpColumns/:code`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    const subList = [];
    for (const [i, sub] of o.form.subs.entries()) subList.push(await columnsInfo(db, request, o, sub, o.def.subTables[i]!.entity));
    return ok({ main: await columnsInfo(db, request, o, o.form, o.def), subList });
  });

  api.get<P>(`${BASE}/getQueryInfo/:code`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    return ok(queryInfo(o.form, o.def));
  });

  api.get<P>(`${BASE}/getData/:code`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    return ok(await list(db, request, o, request.query));
  });

  api.get<P>(`${BASE}/getTreeData/:code`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    return ok(await list(db, request, o, request.query, true));
  });

  for (const path of ['getFormItem', 'getErpFormItem', 'getFormItemBytbname']) {
    api.get<P>(`${BASE}/${path}/:code`, cfg, async (request) => ok(await formItem(db, await open(request, db, request.params.code))));
  }

  const readForm = async (request: FastifyRequest, o: Opened, id: string) => {
    if (o.auth.hiddenButtons.has('detail') && o.auth.hiddenButtons.has('update')) requireButton(o.auth, 'detail');
    const record = await queryById(db, o, request, id);
    for (const s of o.def.subTables) record[s.property] = await subRows(db, s.entity, s.foreignKey, id);
    return record;
  };

  api.get<{ Params: { code: string; id: string } }>(`${BASE}/form/:code/:id`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    return ok(await readForm(request, o, request.params.id));
  });

  api.post<P & { Body: unknown }>(`${BASE}/form/:code`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    return ok(await addRecord(db, request, o, request.body), '添加成功！');
  });

  api.put<P & { Body: unknown }>(`${BASE}/form/:code`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    await editRecord(db, request, o, request.body);
    return okMessage('修改成功！');
  });

  api.delete<{ Params: { code: string; ids: string } }>(`${BASE}/form/:code/:ids`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    await deleteRecords(db, request, o, request.params.ids);
    return okMessage('删除成功!');
  });

  api.get<{ Params: { sub: string; mainId: string } }>(`${BASE}/subform/list/:sub/:mainId`, cfg, async (request) => {
    // the sub table's main form is the one whose access counts
    const subHead = await readHead(db, request.params.sub);
    const fk = subHead
      ? await db.selectFrom('onl_cgform_field').select('main_table').where('cgform_head_id', '=', subHead.id).where('main_table', 'is not', null).executeTakeFirst()
      : undefined;
    const o = await open(request, db, fk?.main_table ?? request.params.sub);
    const link = o.def.subTables.find((s) => s.entity.table === subHead?.table_name);
    if (!link) throw businessError('子表不存在');
    await requireReachable(db, o, request, [request.params.mainId]);
    return ok(await subRows(db, link.entity, link.foreignKey, request.params.mainId));
  });

  api.get<P>(`${BASE}/exportXls/:code`, cfg, async (request, reply) => exportRecords(db, request, await open(request, db, request.params.code), request.query, reply));
  api.post<P>(`${BASE}/importXls/:code`, cfg, async (request) => importRecords(db, request, await open(request, db, request.params.code)));

  api.post<{ Body: { formId?: unknown; buttonCode?: unknown; dataId?: unknown; uiFormData?: unknown } }>(`${BASE}/doButton`, cfg, async (request) => {
    const body = request.body ?? {};
    const formId = typeof body.formId === 'string' ? body.formId : '';
    const buttonCode = typeof body.buttonCode === 'string' ? body.buttonCode : '';
    const o = await open(request, db, formId);
    requireButton(o.auth, buttonCode);
    const button = await db.selectFrom('onl_cgform_button').selectAll().where('cgform_head_id', '=', o.form.head.id).where('button_code', '=', buttonCode).where('button_status', '=', '1').executeTakeFirst();
    if (!button) throw businessError('按钮不存在或已停用');
    const action = button.opt_type === 'action' && button.action_name ? findFormAction(button.action_name) : undefined;
    if (!action) throw businessError(`按钮“${button.button_name}”没有可执行的服务端操作`);
    const dataIds = typeof body.dataId === 'string' && body.dataId.trim() ? idList(body.dataId) : [];
    if (dataIds.length) await requireReachable(db, o, request, dataIds);
    const uiFormData = body.uiFormData && typeof body.uiFormData === 'object' && !Array.isArray(body.uiFormData) ? (body.uiFormData as Record<string, unknown>) : undefined;
    const message = await action({ db, request, formId: o.form.head.id, tableName: o.def.table, dataIds, uiFormData });
    await log(db, request, 3, `${o.def.label}执行按钮：${button.button_name}`);
    return okMessage(message);
  });

  // the renderer's page and the convention urls it calls
  api.get<P>(`${BASE}/page/:code`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    // only buttons whose server action is registered: the others could not run
    const buttons = (await buttonList(db, o.form, o.auth))
      .filter((b) => b.optType === 'action')
      .map((b) => ({ code: b.buttonCode, name: b.buttonName, style: b.buttonStyle }));
    const runnable = await db.selectFrom('onl_cgform_button').select(['button_code', 'action_name']).where('cgform_head_id', '=', o.form.head.id).execute();
    const registered = new Set(runnable.filter((r) => r.action_name && findFormAction(r.action_name)).map((r) => r.button_code));
    return ok(pageSchema(o, buttons.filter((b) => registered.has(b.code))));
  });
  api.get<{ Params: { code: string; id: string } }>(`${BASE}/formPage/:code/:id`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    return ok(formPageSchema(o, request.params.id));
  });
  const crud = `${BASE}/crud/:code`;
  api.get<P>(`${crud}/list`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    return ok(await list(db, request, o, request.query, o.form.head.is_tree === 'Y'));
  });
  api.get<P>(`${crud}/childList`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    return ok(await list(db, request, o, request.query, true));
  });
  api.get<P>(`${crud}/queryById`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    const id = paramText(request.query, 'id');
    if (!id || id.length > 64) throw businessError(NOT_FOUND);
    return ok(await readForm(request, o, id));
  });
  api.post<P & { Body: unknown }>(`${crud}/add`, cfg, async (request) => {
    await addRecord(db, request, await open(request, db, request.params.code), request.body);
    return okMessage('添加成功！');
  });
  api.route<P & { Body: unknown }>({
    method: ['PUT', 'POST'],
    url: `${crud}/edit`,
    config: { authenticated: true },
    handler: async (request) => {
      await editRecord(db, request, await open(request, db, request.params.code), request.body);
      return okMessage('编辑成功!');
    },
  });
  api.delete<P>(`${crud}/delete`, cfg, async (request) => {
    await deleteRecords(db, request, await open(request, db, request.params.code), paramText(request.query, 'id') ?? '');
    return okMessage('删除成功!');
  });
  api.delete<P>(`${crud}/deleteBatch`, cfg, async (request) => {
    await deleteRecords(db, request, await open(request, db, request.params.code), paramText(request.query, 'ids') ?? '');
    return okMessage('批量删除成功!');
  });
  for (const sub of ['subList']) {
    api.get<{ Params: { code: string; property: string }; Querystring: Query }>(`${crud}/${sub}/:property`, cfg, async (request) => {
      const o = await open(request, db, request.params.code);
      const link = o.def.subTables.find((s) => s.property === request.params.property);
      const mainId = paramText(request.query, 'mainId') ?? paramText(request.query, 'id');
      if (!link || !mainId) throw businessError('子表不存在');
      await requireReachable(db, o, request, [mainId]);
      return ok(await subRows(db, link.entity, link.foreignKey, mainId));
    });
  }
  api.route<P>({
    method: ['GET', 'POST'],
    url: `${crud}/exportXls`,
    config: { authenticated: true },
    handler: async (request, reply) => exportRecords(db, request, await open(request, db, request.params.code), request.query, reply),
  });
  api.post<P>(`${crud}/importExcel`, cfg, async (request) => importRecords(db, request, await open(request, db, request.params.code)));
}

/**
 * The online form runtime: the forms designed in onl_cgform_* served at /online/cgform/api (the
 * contract's paths, the renderer's page schema and its convention urls). Each call reloads the form
 * definition when its version changed and checks the caller's menu access and per-role authorisations.
 */
export const onlineFormRuntimeModule: ApiModule = async (api, deps) => {
  await api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 10, fields: 20, fieldSize: 10_000 } });
    mountRoutes(scope, deps);
  });
};
