import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import type { JsonValue } from '../../core/json';
import { auditInsert, auditUpdate, idList, requireId } from './common';
import { newId } from '../../core/ids';
import { logOperation, OP_ADD, OP_DELETE, OP_EDIT } from './oplog';
import { PERMISSION_BODY_SCHEMA, permissionValues, type PermissionBody } from './permission-form';
import {
  allPermissions,
  permissionJson,
  permissionTree,
  refreshLeafFlags,
  treeModel,
  treeModels,
  withDescendants,
} from './permission-json';

export const GRANT_TREE_PERMISSIONS = ['menu:list', 'role:auth', 'depart:auth', 'depart:role'] as const;

/** Removes menus with their descendants, data rules and every role/department link. */
export async function deletePermissions(db: Db, ids: string[]): Promise<void> {
  const rows = await allPermissions(db);
  const all = withDescendants(rows, ids);
  const parents = rows.filter((r) => ids.includes(r.id)).map((r) => r.parent_id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sys_permission_data_rule').where('permission_id', 'in', all).execute();
    await trx.deleteFrom('sys_role_permission').where('permission_id', 'in', all).execute();
    await trx.deleteFrom('sys_depart_permission').where('permission_id', 'in', all).execute();
    await trx.deleteFrom('sys_depart_role_permission').where('permission_id', 'in', all).execute();
    await trx.deleteFrom('sys_permission').where('id', 'in', all).execute();
    await refreshLeafFlags(
      trx,
      parents.filter((p) => p && !all.includes(p)),
    );
  });
}

async function requireParent(db: Db, parentId: string | null, selfId?: string): Promise<void> {
  if (!parentId) return;
  const rows = await allPermissions(db);
  if (!rows.some((r) => r.id === parentId)) throw businessError('上级菜单不存在');
  if (selfId && withDescendants(rows, [selfId]).includes(parentId)) throw businessError('上级菜单不能是自身或下级菜单');
}

/** the menu list, add, edit and delete */
function permissionWriteRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get('/sys/permission/list', { config: { permission: 'menu:list' } }, async () => ok(permissionTree(await allPermissions(db))));

  api.post<{ Body: PermissionBody }>(
    '/sys/permission/add',
    { config: { permission: 'menu:add' }, schema: { body: PERMISSION_BODY_SCHEMA } },
    async (request) => {
      const { user } = requireSession(request);
      const values = permissionValues(request.body);
      await requireParent(db, values.parent_id);
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sys_permission')
          .values({ id: newId(), ...values, is_leaf: 1, del_flag: 0, rule_flag: 0, ...auditInsert(user.username) })
          .execute();
        await refreshLeafFlags(trx, [values.parent_id]);
      });
      await logOperation(db, request, OP_ADD, `添加菜单，名称： ${values.name}`);
      return okMessage('添加成功！');
    },
  );

  api.route<{ Body: PermissionBody }>({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: { permission: 'menu:edit' },
    schema: { body: PERMISSION_BODY_SCHEMA },
    handler: async (request) => {
      const { user } = requireSession(request);
      const id = requireId(request.body.id, '菜单ID');
      const existing = await db
        .selectFrom('sys_permission')
        .select(['id', 'parent_id'])
        .where('id', '=', id)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!existing) throw businessError('未找到菜单信息');
      const values = permissionValues(request.body);
      await requireParent(db, values.parent_id, id);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sys_permission')
          .set({ ...values, ...auditUpdate(user.username) })
          .where('id', '=', id)
          .execute();
        await refreshLeafFlags(trx, [existing.parent_id, values.parent_id, id]);
      });
      await logOperation(db, request, OP_EDIT, `编辑菜单，名称： ${values.name}`);
      return okMessage('编辑成功!');
    },
  });

  api.delete<{ Querystring: { id?: string } }>(
    '/sys/permission/delete',
    { config: { permission: 'menu:delete' }, schema: { querystring: objectSchema({ id: text('菜单ID', 36) }) } },
    async (request) => {
      const id = requireId(request.query.id, '菜单ID');
      await deletePermissions(db, [id]);
      await logOperation(db, request, OP_DELETE, `删除菜单，id： ${id}`);
      return okMessage('删除成功!');
    },
  );

  api.delete<{ Querystring: { ids?: string } }>(
    '/sys/permission/deleteBatch',
    { config: { permission: 'menu:delete' }, schema: { querystring: objectSchema({ ids: text('菜单ID', 40000) }) } },
    async (request) => {
      const ids = idList(request.query.ids, '菜单ID');
      await deletePermissions(db, ids);
      await logOperation(db, request, OP_DELETE, `批量删除菜单，ids： ${ids.join(',')}`);
      return okMessage('批量删除成功!');
    },
  );
}

/** menus and sub-menus for the menu screens and the grant trees */
function permissionMenuRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get('/sys/permission/getSystemMenuList', { config: { permission: 'menu:list' } }, async () => {
    const rows = await db
      .selectFrom('sys_permission')
      .selectAll()
      .where('del_flag', '=', 0)
      .where('menu_type', '=', 0)
      .orderBy('sort_no')
      .execute();
    return ok(rows.map((r) => ({ ...permissionJson(r), key: r.id, title: r.name, isLeaf: r.is_leaf === 1 })));
  });

  const children = async (parentIds: string[]): Promise<Array<Record<string, JsonValue>>> => {
    const rows = await db
      .selectFrom('sys_permission')
      .selectAll()
      .where('del_flag', '=', 0)
      .where('parent_id', 'in', parentIds)
      .orderBy('sort_no')
      .execute();
    return rows.map((r) => ({ ...permissionJson(r), key: r.id, title: r.name, isLeaf: r.is_leaf === 1 }));
  };

  api.get<{ Querystring: { parentId?: string } }>(
    '/sys/permission/getSystemSubmenu',
    {
      config: { permission: 'menu:list' },
      schema: { querystring: objectSchema({ parentId: text('上级菜单', 36), _t: text('时间戳', 20) }) },
    },
    async (request) => ok(await children([requireId(request.query.parentId, '上级菜单')])),
  );

  api.get<{ Querystring: { parentIds?: string } }>(
    '/sys/permission/getSystemSubmenuBatch',
    {
      config: { permission: 'menu:list' },
      schema: { querystring: objectSchema({ parentIds: text('上级菜单', 40000), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const ids = idList(request.query.parentIds, '上级菜单');
      const out: Record<string, Awaited<ReturnType<typeof children>>> = Object.fromEntries(ids.map((id) => [id, []]));
      for (const row of await children(ids)) out[String(row['parentId'])]?.push(row);
      return ok(out);
    },
  );

  api.get('/sys/permission/queryTreeList', { config: { permission: [...GRANT_TREE_PERMISSIONS] } }, async () => {
    const rows = await allPermissions(db);
    return ok({ treeList: treeModels(rows), ids: rows.map((r) => r.id) });
  });

  // the ids the grant dialogs tick with 全选: every menu and button, as queryTreeList's `ids`
  api.get('/sys/permission/loadAllRoleIds', { config: { permission: [...GRANT_TREE_PERMISSIONS] } }, async () =>
    ok((await allPermissions(db)).map((r) => r.id)),
  );

  api.get<{ Querystring: { pid?: string } }>(
    '/sys/permission/queryListAsync',
    {
      config: { permission: [...GRANT_TREE_PERMISSIONS] },
      schema: { querystring: objectSchema({ pid: text('上级菜单', 36), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const pid = request.query.pid?.trim() ? requireId(request.query.pid, '上级菜单') : null;
      let q = db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0);
      q = pid ? q.where('parent_id', '=', pid) : q.where((eb) => eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', '')]));
      const rows = await q.orderBy('sort_no').execute();
      return ok(rows.map((p) => treeModel(p, p.is_leaf === 1)));
    },
  );
}

export function permissionRoutes(api: FastifyInstance, deps: AppDeps): void {
  permissionWriteRoutes(api, deps);
  permissionMenuRoutes(api, deps);
}
