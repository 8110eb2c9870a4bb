import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction';
import { sql } from 'kysely';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import type { JsonValue } from '../../core/json';
import { objectSchema, text } from '../../core/schemas';
import type { SessionUser } from '../../core/tokens';
import type { Db } from '../../db/types';
import { runListQuery } from '../entity/list-query';
import { auditInsert, auditUpdate, idList, jsonRows, likeContains, optionalText, requireId } from './common';
import { nextChildCode } from './depart-tree';
import { CATEGORY_SOURCE } from './list-sources';
import { logOperation, OP_ADD, OP_DELETE, OP_EDIT } from './oplog';
import type { SysCategory } from './tables';

export const CATEGORY_ROOT = '0';
const ROOT = CATEGORY_ROOT;
/** columns a client may name in loadOne and in a tree condition */
const CATEGORY_FIELDS: Readonly<Record<string, string>> = {
  id: 'id',
  pid: 'pid',
  name: 'name',
  code: 'code',
  hasChild: 'has_child',
  sysOrgCode: 'sys_org_code',
};
const CONDITION_ERROR = '组件JTreeSelect-condition传值有误，需要一个json字符串!';

function treeNode(c: SysCategory): Record<string, JsonValue> {
  return { key: c.id, title: c.name, code: c.code, value: c.id, leaf: c.has_child !== '1', isLeaf: c.has_child !== '1', parentId: c.pid };
}

async function children(db: Db, pid: string, condition?: ReturnType<typeof conditionFilter>): Promise<SysCategory[]> {
  let q = db.selectFrom('sys_category').selectAll().where('pid', '=', pid);
  for (const c of condition ?? []) q = q.where(c);
  return q.orderBy('code').execute();
}

/** A JSON object of {field: value}; fields must be category fields; values match with LIKE, bound. */
export function conditionFilter(raw: string | undefined) {
  const text = optionalText(raw);
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw businessError(CONDITION_ERROR);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw businessError(CONDITION_ERROR);
  return Object.entries(parsed as Record<string, unknown>).map(([field, value]) => {
    const column = Object.prototype.hasOwnProperty.call(CATEGORY_FIELDS, field) ? CATEGORY_FIELDS[field] : undefined;
    if (!column || (typeof value !== 'string' && typeof value !== 'number')) throw businessError(CONDITION_ERROR);
    return likeContains(column, String(value));
  });
}

async function subtree(db: Db, root: SysCategory): Promise<Record<string, JsonValue>> {
  const node = treeNode(root);
  const kids = await children(db, root.id);
  if (kids.length) node.children = await Promise.all(kids.map((k) => subtree(db, k)));
  return node;
}

async function descendants(db: Db, ids: string[]): Promise<string[]> {
  const out = new Set(ids);
  let frontier = ids;
  while (frontier.length) {
    const rows = await db.selectFrom('sys_category').select('id').where('pid', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((id) => !out.has(id));
    frontier.forEach((id) => out.add(id));
  }
  return [...out];
}

async function refreshHasChild(db: Db, ids: string[]): Promise<void> {
  for (const id of new Set(ids)) {
    if (id === ROOT) continue;
    const child = await db.selectFrom('sys_category').select('id').where('pid', '=', id).executeTakeFirst();
    await db
      .updateTable('sys_category')
      .set({ has_child: child ? '1' : '0' })
      .where('id', '=', id)
      .execute();
  }
}

/** Adds a category under `parent` (null: a root) with the next free code (A01, A01A01 …). */
export async function insertCategory(
  db: Db,
  parent: Pick<SysCategory, 'id' | 'code'> | null,
  name: string,
  user: SessionUser,
): Promise<{ id: string; code: string }> {
  return withTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(7302002)`.execute(trx);
    const siblings = await trx
      .selectFrom('sys_category')
      .select('code')
      .where('code', 'like', `${parent?.code ?? ''}___`)
      .execute();
    const code = nextChildCode(
      parent?.code ?? '',
      siblings.map((s) => s.code),
    );
    const id = newId();
    await trx
      .insertInto('sys_category')
      .values({ id, pid: parent?.id ?? ROOT, name, code, sys_org_code: user.orgCode, has_child: '0', ...auditInsert(user.username) })
      .execute();
    if (parent) await trx.updateTable('sys_category').set({ has_child: '1' }).where('id', '=', parent.id).execute();
    return { id, code };
  });
}

const q = (props: Record<string, unknown>) => ({ querystring: objectSchema({ ...props, _t: text('时间戳', 20) }) });

export function categoryRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: Record<string, unknown> }>(
    '/sys/category/rootList',
    { config: { permission: 'category:list' } },
    async (request) => {
      const query = request.query;
      const params: Record<string, unknown> = { ...query };
      if (!optionalText(query.name) && !optionalText(query.code)) params.pid = optionalText(query.pid) ?? ROOT;
      if (typeof params.pid === 'string') requireId(params.pid, '父级节点');
      return ok(await runListQuery(db, CATEGORY_SOURCE, params));
    },
  );

  api.get<{ Querystring: { pid?: string } }>(
    '/sys/category/childList',
    { config: { permission: 'category:list' }, schema: q({ pid: text('父级节点', 36) }) },
    async (request) => ok(jsonRows(await children(db, requireId(request.query.pid, '父级节点')))),
  );

  api.get<{ Querystring: { parentIds?: string } }>(
    '/sys/category/getChildListBatch',
    { config: { permission: 'category:list' }, schema: q({ parentIds: text('父级节点', 40000) }) },
    async (request) => {
      const ids = idList(request.query.parentIds, '父级节点');
      const rows = await db.selectFrom('sys_category').selectAll().where('pid', 'in', ids).orderBy('code').execute();
      return ok({ records: jsonRows(rows), total: rows.length, size: rows.length, current: 1, pages: 1 });
    },
  );

  api.get<{ Querystring: { id?: string } }>(
    '/sys/category/queryById',
    { config: { permission: 'category:list' }, schema: q({ id: text('分类ID', 36) }) },
    async (request) => {
      const row = await db
        .selectFrom('sys_category')
        .selectAll()
        .where('id', '=', requireId(request.query.id, '分类ID'))
        .executeTakeFirst();
      if (!row) throw businessError('未找到对应数据');
      return ok(jsonRows([row])[0]);
    },
  );

  api.get<{ Querystring: { field?: string; val?: string } }>(
    '/sys/category/loadOne',
    { config: { authenticated: true }, schema: q({ field: text('字段', 50), val: text('值', 100) }) },
    async (request) => {
      const field = optionalText(request.query.field) ?? '';
      const column = Object.prototype.hasOwnProperty.call(CATEGORY_FIELDS, field) ? CATEGORY_FIELDS[field] : undefined;
      if (!column) throw businessError('字段不存在');
      const val = optionalText(request.query.val);
      if (!val) throw businessError('值不能为空');
      const rows = await sql<SysCategory>`select * from sys_category where ${sql.ref(column)} = ${val} limit 2`.execute(db);
      if (rows.rows.length !== 1) throw businessError(rows.rows.length ? '查询数据不唯一' : '未找到对应数据');
      return ok(jsonRows(rows.rows)[0]);
    },
  );

  api.get<{ Querystring: { pid?: string } }>(
    '/sys/category/loadTreeChildren',
    { config: { authenticated: true }, schema: q({ pid: text('父级节点', 36) }) },
    async (request) => ok((await children(db, requireId(request.query.pid, '父级节点'))).map(treeNode)),
  );

  api.get<{ Querystring: { async?: string; pcode?: string } }>(
    '/sys/category/loadTreeRoot',
    { config: { authenticated: true }, schema: q({ async: text('异步', 5), pcode: text('父级编码', 100) }) },
    async (request) => {
      const pcode = optionalText(request.query.pcode) ?? ROOT;
      const roots =
        pcode === ROOT ? await children(db, ROOT) : await db.selectFrom('sys_category').selectAll().where('code', '=', pcode).execute();
      // An empty root is an empty tree; only a named parent code that matches nothing is an error.
      if (roots.length === 0 && pcode !== ROOT) throw businessError('该节点不存在');
      if (request.query.async === 'false') return ok(await Promise.all(roots.map((r) => subtree(db, r))));
      return ok(roots.map(treeNode));
    },
  );

  api.get<{ Querystring: { pid?: string; pcode?: string; condition?: string } }>(
    '/sys/category/loadTreeData',
    {
      config: { authenticated: true },
      schema: q({ pid: text('父级节点', 36), pcode: text('父级编码', 100), condition: text('条件', 2000) }),
    },
    async (request) => {
      const filter = conditionFilter(request.query.condition);
      let pid = optionalText(request.query.pid);
      if (!pid) {
        const pcode = optionalText(request.query.pcode) ?? ROOT;
        if (pcode === ROOT) pid = ROOT;
        else {
          const parent = await db.selectFrom('sys_category').select('id').where('code', '=', pcode).executeTakeFirst();
          if (!parent) throw businessError('该节点不存在');
          pid = parent.id;
        }
      }
      return ok((await children(db, requireId(pid, '父级节点'), filter)).map(treeNode));
    },
  );

  api.get<{ Querystring: { ids?: string; delNotExist?: string } }>(
    '/sys/category/loadDictItem',
    { config: { authenticated: true }, schema: q({ ids: text('分类ID', 40000), delNotExist: text('删除不存在', 5) }) },
    async (request) => {
      const ids = idList(request.query.ids, '分类ID');
      const rows = await db.selectFrom('sys_category').select(['id', 'name']).where('id', 'in', ids).execute();
      const names = new Map(rows.map((r) => [r.id, r.name]));
      const keep = request.query.delNotExist === 'false';
      return ok(ids.map((id) => names.get(id) ?? (keep ? id : null)).filter((n): n is string => n !== null));
    },
  );

  api.get<{ Querystring: { code?: string } }>(
    '/sys/category/loadAllData',
    { config: { authenticated: true }, schema: q({ code: text('编码', 100) }) },
    async (request) => {
      const code = optionalText(request.query.code);
      if (!code) throw businessError('编码不能为空');
      let query = db.selectFrom('sys_category').select(['id', 'name']);
      if (code !== ROOT) query = query.where(sql<boolean>`code like ${`${code.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      const rows = await query.orderBy('code').execute();
      return ok(rows.map((r) => ({ value: r.id, text: r.name, title: r.name, label: r.name })));
    },
  );

  api.get<{ Querystring: { pid?: string; code?: string } }>(
    '/sys/category/checkCode',
    { config: { permission: ['category:add', 'category:edit'] }, schema: q({ pid: text('父级节点', 36), code: text('编码', 100) }) },
    async (request) => {
      const pid = optionalText(request.query.pid);
      const code = optionalText(request.query.code) ?? '';
      if (!pid || pid === ROOT) return okMessage('该编码可用');
      const parent = await db.selectFrom('sys_category').select('code').where('id', '=', requireId(pid, '父级节点')).executeTakeFirst();
      if (!parent) throw businessError('父级节点不存在');
      if (!code.startsWith(parent.code)) throw businessError(`编码不符合规范，须以"${parent.code}"开头!`);
      return okMessage('该编码可用');
    },
  );

  const categoryBody = {
    ...objectSchema({ id: text('分类ID', 36), pid: text('父级节点', 36), name: text('分类名称', 100), code: text('分类编码', 100) }),
    additionalProperties: false,
  };

  api.post<{ Body: { pid?: string; name?: string } }>(
    '/sys/category/add',
    { config: { permission: 'category:add' }, schema: { body: categoryBody } },
    async (request) => {
      const { user } = requireSession(request);
      const name = optionalText(request.body.name);
      if (!name) throw businessError('请输入类型名称!');
      const pid = optionalText(request.body.pid) ?? ROOT;
      const parent =
        pid === ROOT
          ? null
          : await db.selectFrom('sys_category').selectAll().where('id', '=', requireId(pid, '父级节点')).executeTakeFirst();
      if (pid !== ROOT && !parent) throw businessError('父级节点不存在');
      await insertCategory(db, parent ?? null, name, user);
      await logOperation(db, request, OP_ADD, `添加分类，名称： ${name}`);
      return okMessage('添加成功！');
    },
  );

  api.route<{ Body: { id?: string; name?: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/category/edit',
    config: { permission: 'category:edit' },
    schema: { body: categoryBody },
    handler: async (request) => {
      const { user } = requireSession(request);
      const id = requireId(request.body.id, '分类ID');
      const name = optionalText(request.body.name);
      if (!name) throw businessError('请输入类型名称!');
      const res = await db
        .updateTable('sys_category')
        .set({ name, ...auditUpdate(user.username) })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw businessError('未找到对应实体');
      await logOperation(db, request, OP_EDIT, `编辑分类，名称： ${name}`);
      return okMessage('编辑成功!');
    },
  });

  const remove = async (ids: string[]) => {
    const parents = await db.selectFrom('sys_category').select('pid').where('id', 'in', ids).execute();
    const all = await descendants(db, ids);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_category').where('id', 'in', all).execute();
      await refreshHasChild(
        trx,
        parents.map((p) => p.pid).filter((p) => !all.includes(p)),
      );
    });
  };

  api.delete<{ Querystring: { id?: string } }>(
    '/sys/category/delete',
    { config: { permission: 'category:delete' }, schema: q({ id: text('分类ID', 36) }) },
    async (request) => {
      const id = requireId(request.query.id, '分类ID');
      await remove([id]);
      await logOperation(db, request, OP_DELETE, `删除分类，id： ${id}`);
      return okMessage('删除成功!');
    },
  );

  api.delete<{ Querystring: { ids?: string } }>(
    '/sys/category/deleteBatch',
    { config: { permission: 'category:delete' }, schema: q({ ids: text('分类ID', 40000) }) },
    async (request) => {
      const ids = idList(request.query.ids, '分类ID');
      await remove(ids);
      await logOperation(db, request, OP_DELETE, `批量删除分类，ids： ${ids.join(',')}`);
      return okMessage('批量删除成功!');
    },
  );
}
