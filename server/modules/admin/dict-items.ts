import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps } from '../../core/deps';
import { businessError, okMessage } from '../../core/envelope';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import { registerEntityListOptions } from '../entity/crud-routes';
import { registerEntityPolicy } from '../entity/policies';
import { optionalText, requireId } from './common';

/** The item form's fields (the body of add and edit, a row of the dictionary import). */
export interface ItemBody {
  itemText?: unknown;
  itemValue?: unknown;
  description?: unknown;
  sortOrder?: unknown;
  status?: unknown;
}

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

/**
 * 字典管理's items on the entity engine (schemas/entities/sys_dict_item.json): the list of one dictionary (`dictId`,
 * checked), the item form's messages and the value unique within its dictionary; the dictionary is kept on edit.
 */
export function registerDictItemPolicy(): void {
  registerEntityListOptions('sys_dict_item', (request) => {
    const dictId = optionalText((request.query as Record<string, unknown>).dictId);
    return dictId ? { where: [sql<boolean>`dict_id = ${requireId(dictId, '字典ID')}`] } : {};
  });
  registerEntityPolicy('sys_dict_item', {
    beforeWrite: async ({ db, mode, id, body }) => {
      if (mode === 'delete') return;
      let dictId: string;
      if (mode === 'add') {
        dictId = requireId(body.dictId, '字典ID');
        if (!(await db.selectFrom('sys_dict').select('id').where('id', '=', dictId).executeTakeFirst())) throw businessError('字典不存在');
        body.dictId = dictId;
      } else {
        delete body.dictId;
        dictId = (await db.selectFrom('sys_dict_item').select('dict_id').where('id', '=', id!).executeTakeFirstOrThrow()).dict_id;
      }
      const values = itemValues(body);
      await refuseTakenValue(db, dictId, values.item_value, id ?? undefined);
      Object.assign(body, {
        itemText: values.item_text,
        itemValue: values.item_value,
        description: values.description,
        sortOrder: values.sort_order,
        status: values.status,
      });
    },
  });
}

/** GET /sys/dictItem/dictItemCheck (the item form's value check); the items' CRUD is the entity sys_dict_item. */
export function dictItemRoutes(api: FastifyInstance, { db }: AppDeps): void {
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
}
