import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../../core/access-control';
import { ApiError, businessError, ok, okMessage } from '../../../core/envelope';
import { newId } from '../../../core/ids';
import { toJsonRow } from '../../../core/json';
import type { Db } from '../../../db/types';
import { withTransaction } from '../../../db/transaction';
import { idList, pageParams, pageResult, requireId } from '../../admin/common';
import { escapeLike } from '../../entity/list-conditions';
import { readHead, type HeadRow } from '../heads';
import { dropTableIfExists, syncTable, tableExists } from './ddl';
import { importableTables, importTable } from './import-tables';
import { insertFields, insertHead } from './store';
import { withStandardFields, type FieldInput, type HeadInput, type IndexInput } from './model';
import { checkDictionaries, checkField, checkFieldSet, checkForeignKeys, checkHead, checkIndexes, reservedTableReason } from './validate';

export const DESIGN_PERMISSION = 'online:form:design';
const CFG = { config: { permission: DESIGN_PERMISSION } };
export const FORM_NOT_FOUND = '表单不存在';
export const SYNC_FAILED = '同步数据库失败：数据库拒绝了这次变更（例如有其他表或视图依赖此表，或已有数据不符合新的定义），未做任何修改';

export type HeadRecord = HeadRow;

export async function loadHead(db: Db, id: string): Promise<HeadRecord> {
  const head = await db.selectFrom('onl_cgform_head').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!head) throw businessError(FORM_NOT_FOUND);
  return head as HeadRecord;
}

/** Form by id, or by table name (the runtime's `{code}` may be either). */
export async function loadHeadByCode(db: Db, code: string): Promise<HeadRecord> {
  const head = await readHead(db, code);
  if (!head) throw businessError(FORM_NOT_FOUND);
  return head;
}

const loadFields = (db: Db, headId: string) =>
  db
    .selectFrom('onl_cgform_field')
    .selectAll()
    .where('cgform_head_id', '=', headId)
    .orderBy('order_num')
    .orderBy('db_field_name')
    .execute();
const loadIndexes = (db: Db, headId: string) =>
  db
    .selectFrom('onl_cgform_index')
    .selectAll()
    .where('cgform_head_id', '=', headId)
    .where('del_flag', '=', 0)
    .orderBy('index_name')
    .execute();

interface SaveBody {
  head?: HeadInput;
  fields?: FieldInput[];
  indexs?: IndexInput[];
}

const now = () => new Date();

/**
 * Checks and stores a whole design. New forms get the standard columns; an edit bumps table_version and marks
 * the form not synchronised. Field and index lists replace the stored ones (ids kept for rows sent with theirs).
 */
export async function saveDesign(db: Db, username: string, body: SaveBody, existingId: string | null): Promise<string> {
  if (!body.head || typeof body.head !== 'object') throw businessError('缺少表单信息');
  const head = checkHead(body.head);
  const inputs = Array.isArray(body.fields) ? body.fields : [];
  const rows = (existingId ? inputs : withStandardFields(inputs)).map((f, i) => checkField(f, i));
  checkFieldSet(head, rows);
  await checkDictionaries(db, rows);
  const mainIds = await checkForeignKeys(db, head, rows);
  const indexes = checkIndexes(head.table_name, Array.isArray(body.indexs) ? body.indexs : [], rows);
  return withTransaction(db, async (trx) => {
    const other = await trx.selectFrom('onl_cgform_head').select('id').where('table_name', '=', head.table_name).executeTakeFirst();
    if (other && other.id !== existingId) throw businessError('表名已存在');
    let id = existingId;
    if (existingId) {
      const before = await loadHead(trx, existingId);
      if (before.table_name !== head.table_name && (await tableExists(trx, before.table_name)) && before.is_db_synch === 'Y') {
        throw businessError('表已同步到数据库，不能修改表名；如需改名请先删除表单后重建');
      }
      if (before.table_name !== head.table_name && (await tableExists(trx, head.table_name)))
        throw businessError(`数据库中已存在表“${head.table_name}”，请换一个表名或用“从数据库导入”`);
      await trx
        .updateTable('onl_cgform_head')
        .set({ ...head, table_version: before.table_version + 1, is_db_synch: 'N', update_by: username, update_time: now() })
        .where('id', '=', existingId)
        .execute();
    } else {
      if (await tableExists(trx, head.table_name))
        throw businessError(`数据库中已存在表“${head.table_name}”，请换一个表名或用“从数据库导入”`);
      id = await insertHead(trx, head, username, false);
    }
    const formId = id!;
    const keep = new Map<string, string>();
    if (existingId) {
      const old = await trx.selectFrom('onl_cgform_field').select(['id', 'db_field_name']).where('cgform_head_id', '=', formId).execute();
      const sentIds = new Set(inputs.map((f) => (typeof f.id === 'string' ? f.id : '')).filter(Boolean));
      for (const o of old) if (sentIds.has(o.id)) keep.set(o.db_field_name, o.id);
      await trx.deleteFrom('onl_cgform_field').where('cgform_head_id', '=', formId).execute();
      await trx.deleteFrom('onl_cgform_index').where('cgform_head_id', '=', formId).execute();
    }
    await insertFields(trx, formId, rows, username, keep);
    for (const i of indexes) {
      await trx
        .insertInto('onl_cgform_index')
        .values({
          id: newId(),
          cgform_head_id: formId,
          ...i,
          is_db_synch: 'N',
          del_flag: 0,
          create_by: username,
          create_time: now(),
          update_by: null,
          update_time: null,
        })
        .execute();
    }
    for (const mainId of mainIds) {
      const main = await loadHead(trx, mainId);
      const subs = (main.sub_table_str ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (!subs.includes(head.table_name)) {
        await trx
          .updateTable('onl_cgform_head')
          .set({ sub_table_str: [...subs, head.table_name].join(',') })
          .where('id', '=', mainId)
          .execute();
      }
    }
    return formId;
  });
}

/** Removes a form's metadata (fields, indexes, buttons, authorisations); `dropTable` also drops its physical table. */
export async function deleteForm(db: Db, id: string, dropTable: boolean): Promise<void> {
  await withTransaction(db, async (trx) => {
    const head = await loadHead(trx, id);
    for (const table of ['onl_cgform_field', 'onl_cgform_index', 'onl_cgform_button'] as const)
      await trx.deleteFrom(table).where('cgform_head_id', '=', id).execute();
    for (const table of ['onl_auth_page', 'onl_auth_data', 'onl_auth_relation'] as const)
      await trx.deleteFrom(table).where('cgform_id', '=', id).execute();
    await trx.deleteFrom('onl_cgform_head').where('id', '=', id).execute();
    if (head.table_type === 3) {
      const mains = await trx
        .selectFrom('onl_cgform_head')
        .select(['id', 'sub_table_str'])
        .where('sub_table_str', 'like', `%${escapeLike(head.table_name)}%`)
        .execute();
      for (const m of mains) {
        const subs = (m.sub_table_str ?? '').split(',').filter((s) => s.trim() && s.trim() !== head.table_name);
        await trx
          .updateTable('onl_cgform_head')
          .set({ sub_table_str: subs.join(',') || null })
          .where('id', '=', m.id)
          .execute();
      }
    }
    if (dropTable && reservedTableReason(head.table_name) === null) await dropTableIfExists(trx, head.table_name);
  });
}

const SYNC_METHODS: Record<string, 'normal' | 'force'> = { normal: 'normal', force: 'force', '1': 'normal', '0': 'force' };

export async function syncForm(db: Db, id: string, method: 'normal' | 'force', username: string): Promise<string> {
  return withTransaction(db, async (trx) => {
    const head = await loadHead(trx, id);
    const fields = await loadFields(trx, id);
    const indexes = await loadIndexes(trx, id);
    const result = await syncTable(trx, head.table_name, fields, indexes, method);
    const synced = JSON.stringify({
      tableName: head.table_name,
      tableVersion: head.table_version,
      fields: fields.map((f) => ({
        dbFieldName: f.db_field_name,
        dbType: f.db_type,
        dbLength: f.db_length,
        dbPointLength: f.db_point_length,
        dbIsNull: f.db_is_null,
        dbIsKey: f.db_is_key,
        dbDefaultVal: f.db_default_val,
      })),
      indexs: indexes.map((i) => ({ indexName: i.index_name, indexField: i.index_field, indexType: i.index_type })),
    });
    await trx
      .updateTable('onl_cgform_head')
      .set({ is_db_synch: 'Y', synced_json: synced, update_by: username, update_time: new Date() })
      .where('id', '=', id)
      .execute();
    await trx.updateTable('onl_cgform_index').set({ is_db_synch: 'Y' }).where('cgform_head_id', '=', id).execute();
    return result.message;
  });
}

async function copyForm(db: Db, id: string, username: string): Promise<string> {
  const head = await loadHead(db, id);
  let name = '';
  for (let n = 1; n < 1000; n++) {
    const candidate = `${head.table_name.slice(0, 50 - `_copy${n}`.length)}_copy${n}`;
    const taken = await db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', candidate).executeTakeFirst();
    if (!taken && !(await tableExists(db, candidate))) {
      name = candidate;
      break;
    }
  }
  if (!name) throw businessError('复制失败：没有可用的表名');
  const fields = await loadFields(db, id);
  const indexes = await loadIndexes(db, id);
  const json = (r: object) => toJsonRow(r) as Record<string, never>;
  return saveDesign(
    db,
    username,
    {
      head: { ...json(head), tableName: name, tableTxt: `${head.table_txt}（复制）`.slice(0, 200), id: null },
      fields: fields.map((f) => ({ ...json(f), id: null })),
      indexs: indexes.map((i) => ({
        ...json(i),
        indexName: `${i.index_name}`.startsWith(head.table_name)
          ? `${name}${i.index_name.slice(head.table_name.length)}`.slice(0, 63)
          : `${i.index_name}_c`.slice(0, 63),
        id: null,
      })),
    },
    null,
  );
}

type Q = Record<string, string | undefined>;

const who = (request: FastifyRequest) => requireSession(request).user.username;

/** The form heads: listed, read, added, edited, deleted or removed, copied. */
function mountHeadRoutes(api: FastifyInstance, db: Db): void {
  api.get<{ Querystring: Q }>('/online/cgform/head/list', CFG, async (request) => {
    const q = request.query;
    const page = pageParams(q);
    const tableName = (q.table_name ?? q.tableName ?? '').replace(/\*/g, '').trim().slice(0, 100);
    const tableTxt = (q.table_txt ?? q.tableTxt ?? '').replace(/\*/g, '').trim().slice(0, 100);
    let query = db.selectFrom('onl_cgform_head').where('del_flag', '=', 0);
    if (tableName) query = query.where('table_name', 'like', `%${escapeLike(tableName)}%`);
    if (tableTxt) query = query.where('table_txt', 'like', `%${escapeLike(tableTxt)}%`);
    if (q.table_type && /^[123]$/.test(q.table_type)) query = query.where('table_type', '=', Number(q.table_type));
    const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query
      .selectAll()
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute();
    return ok(
      pageResult(
        rows.map((r) => toJsonRow(r, ['synced_json'])),
        total,
        page,
      ),
    );
  });

  api.get<{ Querystring: Q }>('/online/cgform/head/queryById', CFG, async (request) =>
    ok(toJsonRow(await loadHead(db, requireId(request.query.id, '表单ID')), ['synced_json'])),
  );

  api.post<{ Body: HeadInput }>('/online/cgform/head/add', CFG, async (request) => {
    await saveDesign(db, who(request), { head: request.body, fields: [] }, null);
    return okMessage('添加成功！');
  });

  const editHead = async (request: FastifyRequest<{ Body: HeadInput }>) => {
    const id = requireId(request.body?.id, '表单ID');
    const fields = (await loadFields(db, id)).map((f) => ({ ...(toJsonRow(f) as FieldInput) }));
    const indexs = (await loadIndexes(db, id)).map((i) => toJsonRow(i) as IndexInput);
    await saveDesign(db, who(request), { head: request.body, fields, indexs }, id);
    return okMessage('编辑成功!');
  };
  api.put<{ Body: HeadInput }>('/online/cgform/head/edit', CFG, editHead);
  api.post<{ Body: HeadInput }>('/online/cgform/head/edit', CFG, editHead);

  api.delete<{ Querystring: Q }>('/online/cgform/head/delete', CFG, async (request) => {
    await deleteForm(db, requireId(request.query.id, '表单ID'), true);
    return okMessage('删除成功!');
  });
  api.delete<{ Querystring: Q }>('/online/cgform/head/removeRecord', CFG, async (request) => {
    await deleteForm(db, requireId(request.query.id, '表单ID'), false);
    return okMessage('移除成功!');
  });
  api.delete<{ Querystring: Q }>('/online/cgform/head/deleteBatch', CFG, async (request) => {
    const drop = (request.query.flag ?? '1') !== '0';
    for (const id of idList(request.query.ids, '表单ID')) await deleteForm(db, id, drop);
    return okMessage(drop ? '删除成功!' : '移除成功!');
  });

  const copy = async (request: FastifyRequest<{ Querystring: Q }>) => {
    const id = await copyForm(db, requireId(request.query.code ?? request.query.id, '表单ID'), who(request));
    return ok(id, '复制成功!');
  };
  api.get<{ Querystring: Q }>('/online/cgform/head/copyOnline', CFG, copy);
  api.post<{ Querystring: Q }>('/online/cgform/head/copyOnline', CFG, copy);
}

/** Whole designs: imported from tables, read, saved, checked and synced to the database. */
function mountDesignRoutes(api: FastifyInstance, db: Db): void {
  api.get('/online/cgform/head/queryTables', CFG, async () => ok((await importableTables(db)).map((t) => ({ id: t, value: t }))));

  api.post<{ Params: { tbnames: string } }>('/online/cgform/head/transTables/:tbnames', CFG, async (request) => {
    const names = request.params.tbnames
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (names.length === 0) throw businessError('请选择要导入的表');
    if (names.length > 50) throw businessError('一次最多导入50张表');
    const allowed = new Set(await importableTables(db));
    for (const n of names) if (!allowed.has(n)) throw businessError(`表“${n}”不能导入：只能导入业务数据表，且不能是系统表或已有表单的表`);
    await withTransaction(db, async (trx) => {
      for (const n of names) await importTable(trx, n, who(request));
    });
    return okMessage('同步成功！');
  });

  api.get<{ Querystring: Q }>('/online/cgform/field/listByHeadId', CFG, async (request) => {
    const id = requireId(request.query.headId, '表单ID');
    return ok((await loadFields(db, id)).map((f) => toJsonRow(f)));
  });
  api.get<{ Querystring: Q }>('/online/cgform/index/listByHeadId', CFG, async (request) => {
    const id = requireId(request.query.headId, '表单ID');
    return ok((await loadIndexes(db, id)).map((i) => toJsonRow(i)));
  });

  api.post<{ Body: SaveBody }>('/online/cgform/api/addAll', CFG, async (request) => {
    const id = await saveDesign(db, who(request), request.body ?? {}, null);
    return ok(id, '添加成功！');
  });
  const editAll = async (request: FastifyRequest<{ Body: SaveBody }>) => {
    const id = requireId(request.body?.head?.id, '表单ID');
    await loadHead(db, id);
    await saveDesign(db, who(request), request.body ?? {}, id);
    return ok(id, '全部修改成功');
  };
  api.put<{ Body: SaveBody }>('/online/cgform/api/editAll', CFG, editAll);
  api.post<{ Body: SaveBody }>('/online/cgform/api/editAll', CFG, editAll);

  api.get<{ Querystring: Q }>('/online/cgform/api/checkOnlyTable', CFG, async (request) => {
    const name = (request.query.tbname ?? '').trim();
    const id = (request.query.id ?? '').trim();
    const reason = reservedTableReason(name);
    if (reason) throw businessError(reason);
    const other = await db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', name).executeTakeFirst();
    if (other && other.id !== id) throw businessError('表名已存在');
    if (!other && (await tableExists(db, name))) throw businessError('表名已存在');
    return okMessage('表名可用');
  });

  const doSync = async (request: FastifyRequest, code: string, raw: unknown) => {
    const method = SYNC_METHODS[String(raw ?? 'normal')];
    if (!method) throw businessError('同步方式只能是 normal（普通同步）或 force（强制同步）');
    const head = await loadHeadByCode(db, code);
    try {
      return okMessage(await syncForm(db, head.id, method, who(request)));
    } catch (err) {
      if (err instanceof ApiError) throw err;
      request.log.warn({ err, form: head.id, method }, 'online form sync failed');
      throw businessError(SYNC_FAILED);
    }
  };
  api.post<{ Params: { code: string; method: string } }>('/online/cgform/api/doDbSynch/:code/:method', CFG, (request) =>
    doSync(request, request.params.code, request.params.method),
  );
  api.post<{ Params: { code: string }; Body: { synMethod?: string } }>('/online/cgform/api/doDbSynch/:code', CFG, (request) =>
    doSync(request, request.params.code, request.body?.synMethod),
  );
}

export function mountFormRoutes(api: FastifyInstance, db: Db): void {
  mountHeadRoutes(api, db);
  mountDesignRoutes(api, db);
}
