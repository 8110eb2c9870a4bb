import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import { runListQuery } from '../entity/list-query';
import { auditInsert, auditUpdate, idList, optionalText, requireId } from './common';
import { DICT_ITEM_SOURCE } from './list-sources';
import { logOperation, OP_ADD, OP_DELETE, OP_EDIT } from './oplog';

export interface ItemBody {
  id?: string;
  dictId?: string;
  itemText?: string;
  itemValue?: string;
  description?: string;
  sortOrder?: string;
  status?: string;
}

const ITEM_BODY = {
  ...objectSchema({
    id: text('字典项ID', 36),
    dictId: text('字典ID', 36),
    itemText: text('名称', 100),
    itemValue: text('数据值', 100),
    description: text('描述', 255),
    sortOrder: text('排序值', 10),
    status: text('是否启用', 2),
  }),
  additionalProperties: false,
};

const TAKEN = '该值不可用，系统中已存在！';
/** the item modal's check: no punctuation or symbols in a value */
const SPECIAL = /[`~!@#$^&*()=|{}'":;,[\].<>/?\\！￥…（）—【】‘；：”“。，、？\s]/;

export async function refuseTakenValue(db: Db, dictId: string, value: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dictId).where('item_value', '=', value);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw businessError(TAKEN);
}

export function itemValues(body: ItemBody) {
  const itemText = optionalText(body.itemText);
  if (!itemText) throw businessError('请输入名称!');
  const itemValue = optionalText(body.itemValue);
  if (!itemValue) throw businessError('请输入数据值!');
  if (SPECIAL.test(itemValue)) throw businessError('数据值不能包含特殊字符！');
  const sort = optionalText(body.sortOrder) ?? '1';
  if (!/^-?\d{1,9}$/.test(sort)) throw businessError('排序值格式不正确');
  const status = optionalText(body.status) ?? '1';
  if (status !== '0' && status !== '1') throw businessError('状态取值不正确');
  return {
    item_text: itemText,
    item_value: itemValue,
    description: optionalText(body.description),
    sort_order: Number(sort),
    status: Number(status),
  };
}

export function dictItemRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: Record<string, unknown> }>('/sys/dictItem/list', { config: { permission: 'dict:list' } }, async (request) => {
    // without dictId: the items of every dictionary, paged like any list
    const dictId = optionalText(request.query.dictId);
    const where = dictId ? [sql<boolean>`dict_id = ${requireId(dictId, '字典ID')}`] : [];
    return ok(await runListQuery(db, DICT_ITEM_SOURCE, request.query, { where }));
  });

  api.get<{ Querystring: { itemValue?: string; dictId?: string; id?: string } }>(
    '/sys/dictItem/dictItemCheck',
    {
      config: { permission: ['dict:add', 'dict:edit'] },
      schema: {
        querystring: objectSchema({
          itemValue: text('数据值', 100),
          dictId: text('字典ID', 36),
          id: text('字典项ID', 36),
          _t: text('时间戳', 20),
        }),
      },
    },
    async (request) => {
      const dictId = requireId(request.query.dictId, '字典ID');
      const value = optionalText(request.query.itemValue);
      if (!value) throw businessError('请输入数据值!');
      await refuseTakenValue(db, dictId, value, request.query.id ? requireId(request.query.id, '字典项ID') : undefined);
      return okMessage('该值可用！');
    },
  );

  api.post<{ Body: ItemBody }>(
    '/sys/dictItem/add',
    { config: { permission: 'dict:edit' }, schema: { body: ITEM_BODY } },
    async (request) => {
      const { user } = requireSession(request);
      const dictId = requireId(request.body.dictId, '字典ID');
      const dict = await db.selectFrom('sys_dict').select('id').where('id', '=', dictId).executeTakeFirst();
      if (!dict) throw businessError('字典不存在');
      const values = itemValues(request.body);
      await refuseTakenValue(db, dictId, values.item_value);
      await db
        .insertInto('sys_dict_item')
        .values({ id: newId(), dict_id: dictId, ...values, ...auditInsert(user.username) })
        .execute();
      await logOperation(db, request, OP_ADD, `添加字典项，值： ${values.item_value}`);
      return okMessage('添加成功！');
    },
  );

  api.route<{ Body: ItemBody }>({
    method: ['PUT', 'POST'],
    url: '/sys/dictItem/edit',
    config: { permission: 'dict:edit' },
    schema: { body: ITEM_BODY },
    handler: async (request) => {
      const { user } = requireSession(request);
      const id = requireId(request.body.id, '字典项ID');
      const existing = await db.selectFrom('sys_dict_item').select(['id', 'dict_id']).where('id', '=', id).executeTakeFirst();
      if (!existing) throw businessError('未找到对应实体');
      const values = itemValues(request.body);
      await refuseTakenValue(db, existing.dict_id, values.item_value, id);
      await db
        .updateTable('sys_dict_item')
        .set({ ...values, ...auditUpdate(user.username) })
        .where('id', '=', id)
        .execute();
      await logOperation(db, request, OP_EDIT, `编辑字典项，值： ${values.item_value}`);
      return okMessage('编辑成功!');
    },
  });

  api.delete<{ Querystring: { id?: string } }>(
    '/sys/dictItem/delete',
    { config: { permission: 'dict:edit' }, schema: { querystring: objectSchema({ id: text('字典项ID', 36) }) } },
    async (request) => {
      const id = requireId(request.query.id, '字典项ID');
      await db.deleteFrom('sys_dict_item').where('id', '=', id).execute();
      await logOperation(db, request, OP_DELETE, `删除字典项，id： ${id}`);
      return okMessage('删除成功!');
    },
  );

  api.delete<{ Querystring: { ids?: string } }>(
    '/sys/dictItem/deleteBatch',
    { config: { permission: 'dict:edit' }, schema: { querystring: objectSchema({ ids: text('字典项ID', 40000) }) } },
    async (request) => {
      const ids = idList(request.query.ids, '字典项ID');
      await db.deleteFrom('sys_dict_item').where('id', 'in', ids).execute();
      await logOperation(db, request, OP_DELETE, `批量删除字典项，ids： ${ids.join(',')}`);
      return okMessage('批量删除成功!');
    },
  );
}
