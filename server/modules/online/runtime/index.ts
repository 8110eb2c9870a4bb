import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiModule, AppDeps } from '../../../core/deps';
import type { Db } from '../../../db/types';
import { businessError, ok, okMessage } from '../../../core/envelope';
import { idList, NOT_FOUND } from '../../entity/crud-routes';
import { MAX_IMPORT_FILE_BYTES } from '../../entity/import';
import { paramText } from '../../entity/list-query';
import { findFormAction } from '../actions';
import { requireButton } from './access';
import { readHead } from './definition';
import { formPageSchema, pageSchema } from './page';
import { open, type Opened, type Query } from './opened';
import {
  addRecord,
  deleteRecords,
  editRecord,
  exportRecords,
  importRecords,
  list,
  log,
  queryById,
  requireReachable,
  subRows,
} from './records';
import { buttonList, columnsInfo, formItem, queryInfo } from './info';
import { registerDuplicateResolver } from '../../entity/duplicate-check';
import { onlineDuplicateTarget } from './unique-check';

export { formDefinition, loadForm, NO_DB_SYNC } from './definition';

const BASE = '/online/cgform/api';

const cfg = { config: { authenticated: true as const } };
type P = { Params: { code: string }; Querystring: Query };

/** A record with its sub rows, for a caller who may see details or edit. */
async function readForm(db: Db, request: FastifyRequest, o: Opened, id: string): Promise<Record<string, unknown>> {
  if (o.auth.hiddenButtons.has('detail') && o.auth.hiddenButtons.has('update')) requireButton(o.auth, 'detail');
  const record = await queryById(db, o, request, id);
  for (const s of o.def.subTables) record[s.property] = await subRows(db, s.entity, s.foreignKey, id);
  return record;
}

/** The contract's paths: columns, query items, data, the form's items and its record reads and writes, export and import. */
function mountContractRoutes(api: FastifyInstance, db: Db): void {
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

  api.get<{ Params: { code: string; id: string } }>(`${BASE}/form/:code/:id`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    return ok(await readForm(db, request, o, request.params.id));
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
      ? await db
          .selectFrom('onl_cgform_field')
          .select('main_table')
          .where('cgform_head_id', '=', subHead.id)
          .where('main_table', 'is not', null)
          .executeTakeFirst()
      : undefined;
    const o = await open(request, db, fk?.main_table ?? request.params.sub);
    const link = o.def.subTables.find((s) => s.entity.table === subHead?.table_name);
    if (!link) throw businessError('子表不存在');
    await requireReachable(db, o, request, [request.params.mainId]);
    return ok(await subRows(db, link.entity, link.foreignKey, request.params.mainId));
  });

  api.get<P>(`${BASE}/exportXls/:code`, cfg, async (request, reply) =>
    exportRecords(db, request, await open(request, db, request.params.code), request.query, reply),
  );
  api.post<P>(`${BASE}/importXls/:code`, cfg, async (request) => importRecords(db, request, await open(request, db, request.params.code)));
}

/** A custom button's registered server action, on the selected rows or the clicked one. */
function mountButtonRoute(api: FastifyInstance, db: Db): void {
  api.post<{ Body: { formId?: unknown; buttonCode?: unknown; dataId?: unknown; uiFormData?: unknown } }>(
    `${BASE}/doButton`,
    cfg,
    async (request) => {
      const body = request.body ?? {};
      const formId = typeof body.formId === 'string' ? body.formId : '';
      const buttonCode = typeof body.buttonCode === 'string' ? body.buttonCode : '';
      const o = await open(request, db, formId);
      requireButton(o.auth, buttonCode);
      const button = await db
        .selectFrom('onl_cgform_button')
        .selectAll()
        .where('cgform_head_id', '=', o.form.head.id)
        .where('button_code', '=', buttonCode)
        .where('button_status', '=', '1')
        .executeTakeFirst();
      if (!button) throw businessError('按钮不存在或已停用');
      const action = button.opt_type === 'action' && button.action_name ? findFormAction(button.action_name) : undefined;
      if (!action) throw businessError(`按钮“${button.button_name}”没有可执行的服务端操作`);
      const dataIds = typeof body.dataId === 'string' && body.dataId.trim() ? idList(body.dataId) : [];
      if (dataIds.length) await requireReachable(db, o, request, dataIds);
      const uiFormData =
        body.uiFormData && typeof body.uiFormData === 'object' && !Array.isArray(body.uiFormData)
          ? (body.uiFormData as Record<string, unknown>)
          : undefined;
      const message = await action({ db, request, formId: o.form.head.id, tableName: o.def.table, dataIds, uiFormData });
      await log(db, request, 3, `${o.def.label}执行按钮：${button.button_name}`);
      return okMessage(message);
    },
  );
}

/** The renderer's list page and single-record form page of a form. */
function mountPageRoutes(api: FastifyInstance, db: Db): void {
  api.get<P>(`${BASE}/page/:code`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    // only buttons whose server action is registered: the others could not run
    const buttons = (await buttonList(db, o.form, o.auth))
      .filter((b) => b.optType === 'action')
      .map((b) => ({ code: b.buttonCode, name: b.buttonName, style: b.buttonStyle }));
    const runnable = await db
      .selectFrom('onl_cgform_button')
      .select(['button_code', 'action_name'])
      .where('cgform_head_id', '=', o.form.head.id)
      .execute();
    const registered = new Set(runnable.filter((r) => r.action_name && findFormAction(r.action_name)).map((r) => r.button_code));
    return ok(
      pageSchema(
        o,
        buttons.filter((b) => registered.has(b.code)),
      ),
    );
  });
  api.get<{ Params: { code: string; id: string } }>(`${BASE}/formPage/:code/:id`, cfg, async (request) => {
    const o = await open(request, db, request.params.code);
    return ok(formPageSchema(o, request.params.id));
  });
}

/** The convention urls the renderer's page calls. */
function mountCrudRoutes(api: FastifyInstance, db: Db): void {
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
    return ok(await readForm(db, request, o, id));
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

/** Every runtime route; each one opens the form, which checks the caller's access before anything else. */
function mountRoutes(api: FastifyInstance, { db }: AppDeps): void {
  mountContractRoutes(api, db);
  mountButtonRoute(api, db);
  mountPageRoutes(api, db);
  mountCrudRoutes(api, db);
}

/**
 * The online form runtime: the forms designed in onl_cgform_* served at /online/cgform/api (the
 * contract's paths, the renderer's page schema and its convention urls). Each call reloads the form
 * definition when its version changed and checks the caller's menu access and per-role authorisations.
 */
export const onlineFormRuntimeModule: ApiModule = async (api, deps) => {
  registerDuplicateResolver('online-forms', onlineDuplicateTarget);
  await api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 10, fields: 20, fieldSize: 10_000 } });
    mountRoutes(scope, deps);
  });
};
