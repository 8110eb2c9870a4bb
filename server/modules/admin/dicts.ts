import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okCode0, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import { registerDuplicateCheck } from '../entity/duplicate-check';
import { runListQuery } from '../entity/list-query';
import { auditInsert, auditUpdate, idList, jsonRows, likeContains, optionalText, requireId } from './common';
import { DICT_SOURCE } from './list-sources';
import { logOperation, OP_ADD, OP_DELETE, OP_EDIT } from './oplog';

export interface DictBody {
  id?: string;
  dictName?: string;
  dictCode?: string;
  description?: string;
  type?: string;
}

const DICT_BODY = {
  ...objectSchema({
    id: text('字典ID', 36),
    dictName: text('字典名称', 100),
    dictCode: text('字典编码', 100),
    description: text('描述', 255),
    type: text('字典类型', 2),
  }),
  additionalProperties: false,
};
const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

export function dictValues(body: DictBody) {
  const dictName = optionalText(body.dictName);
  if (!dictName) throw businessError('请输入字典名称!');
  const dictCode = optionalText(body.dictCode);
  if (!dictCode) throw businessError('请输入字典编码!');
  if (!DICT_CODE.test(dictCode)) throw businessError('字典编码只能包含字母、数字和下划线，并以字母开头');
  const type = optionalText(body.type) ?? '0';
  if (type !== '0' && type !== '1') throw businessError('字典类型取值不正确');
  return { dict_name: dictName, dict_code: dictCode, description: optionalText(body.description), type: Number(type) };
}

export async function refuseTakenCode(db: Db, code: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('sys_dict').select('id').where('dict_code', '=', code);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw businessError('字典编码已存在');
}

/** /sys/dict administration; lookups (getDictItems, queryAllDictItems) are cached, and every write request drops that cache on every instance, so changes show at once. */
export function dictRoutes(api: FastifyInstance, { db }: AppDeps): void {
  // the dictionary form checks its code as it is typed (/sys/duplicate/check); recycled rows still hold theirs
  registerDuplicateCheck({ table: 'sys_dict', column: 'dict_code' });
  api.get<{ Querystring: Record<string, unknown> }>('/sys/dict/list', { config: { permission: 'dict:list' } }, async (request) =>
    okCode0(await runListQuery(db, DICT_SOURCE, request.query, { where: [sql`del_flag = 0`] })),
  );

  api.get<{ Querystring: { dictName?: string } }>(
    '/sys/dict/treeList',
    {
      config: { permission: 'dict:list' },
      schema: { querystring: objectSchema({ dictName: text('字典名称', 100), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      let q = db.selectFrom('sys_dict').selectAll().where('del_flag', '=', 0);
      const name = optionalText(request.query.dictName);
      if (name) q = q.where(likeContains('dict_name', name));
      const rows = await q.orderBy('dict_code').execute();
      return ok(jsonRows(rows).map((d) => ({ ...d, key: d.id, title: d.dictName, value: d.dictCode })));
    },
  );

  api.post<{ Body: DictBody }>('/sys/dict/add', { config: { permission: 'dict:add' }, schema: { body: DICT_BODY } }, async (request) => {
    const { user } = requireSession(request);
    const values = dictValues(request.body);
    await refuseTakenCode(db, values.dict_code);
    await db
      .insertInto('sys_dict')
      .values({ id: newId(), ...values, del_flag: 0, ...auditInsert(user.username) })
      .execute();
    await logOperation(db, request, OP_ADD, `添加字典，编码： ${values.dict_code}`);
    return okMessage('添加成功！');
  });

  api.route<{ Body: DictBody }>({
    method: ['PUT', 'POST'],
    url: '/sys/dict/edit',
    config: { permission: 'dict:edit' },
    schema: { body: DICT_BODY },
    handler: async (request) => {
      const { user } = requireSession(request);
      const id = requireId(request.body.id, '字典ID');
      const existing = await db.selectFrom('sys_dict').select('id').where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
      if (!existing) throw businessError('未找到对应实体');
      const values = dictValues(request.body);
      await refuseTakenCode(db, values.dict_code, id);
      await db
        .updateTable('sys_dict')
        .set({ ...values, ...auditUpdate(user.username) })
        .where('id', '=', id)
        .execute();
      await logOperation(db, request, OP_EDIT, `编辑字典，编码： ${values.dict_code}`);
      return okMessage('编辑成功!');
    },
  });

  const softDelete = async (ids: string[], username: string) => {
    await db
      .updateTable('sys_dict')
      .set({ del_flag: 1, ...auditUpdate(username) })
      .where('id', 'in', ids)
      .execute();
  };

  api.delete<{ Querystring: { id?: string } }>(
    '/sys/dict/delete',
    { config: { permission: 'dict:delete' }, schema: { querystring: objectSchema({ id: text('字典ID', 36) }) } },
    async (request) => {
      const { user } = requireSession(request);
      const id = requireId(request.query.id, '字典ID');
      await softDelete([id], user.username);
      await logOperation(db, request, OP_DELETE, `删除字典，id： ${id}`);
      return okMessage('删除成功!');
    },
  );

  api.delete<{ Querystring: { ids?: string } }>(
    '/sys/dict/deleteBatch',
    { config: { permission: 'dict:delete' }, schema: { querystring: objectSchema({ ids: text('字典ID', 40000) }) } },
    async (request) => {
      const { user } = requireSession(request);
      const ids = idList(request.query.ids, '字典ID');
      await softDelete(ids, user.username);
      await logOperation(db, request, OP_DELETE, `批量删除字典，ids： ${ids.join(',')}`);
      return okMessage('操作成功!');
    },
  );

  api.get('/sys/dict/deleteList', { config: { permission: 'dict:recycle' } }, async () => {
    const rows = await db.selectFrom('sys_dict').selectAll().where('del_flag', '=', 1).orderBy('update_time', 'desc').execute();
    return ok(jsonRows(rows));
  });

  api.route<{ Params: { id: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/dict/back/:id',
    config: { permission: 'dict:recycle' },
    handler: async (request) => {
      const { user } = requireSession(request);
      const id = requireId(request.params.id, '字典ID');
      const res = await db
        .updateTable('sys_dict')
        .set({ del_flag: 0, ...auditUpdate(user.username) })
        .where('id', '=', id)
        .where('del_flag', '=', 1)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw businessError('操作失败!');
      await logOperation(db, request, OP_EDIT, `取回字典，id： ${id}`);
      return okMessage('操作成功!');
    },
  });

  api.delete<{ Params: { id: string } }>('/sys/dict/deletePhysic/:id', { config: { permission: 'dict:recycle' } }, async (request) => {
    const id = requireId(request.params.id, '字典ID');
    const row = await db.selectFrom('sys_dict').select('id').where('id', '=', id).where('del_flag', '=', 1).executeTakeFirst();
    if (!row) throw businessError('删除失败!');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_dict_item').where('dict_id', '=', id).execute();
      await trx.deleteFrom('sys_dict').where('id', '=', id).execute();
    });
    await logOperation(db, request, OP_DELETE, `彻底删除字典，id： ${id}`);
    return okMessage('删除成功!');
  });
}
