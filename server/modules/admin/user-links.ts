import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import { PAGE_QUERY, idList, likeContains, pageParams, pageResult, requireId } from './common';
import { ledDepartIds } from './my-departs';
import { logOperation, OP_ADD, OP_DELETE } from './oplog';
import { userRecords } from './user-json';
import { refuseBroaderRoles } from './role-assign-guards';
import { requireAdminFor, roleIdsIncludeAdmin } from './user-guards';

const LINK_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    roleId: text('角色ID', 36),
    depId: text('部门ID', 36),
    userIdList: { type: 'array', title: '用户', maxItems: 1000, items: text('用户ID', 36) },
  },
} as const;

interface LinkBody {
  roleId?: string;
  depId?: string;
  userIdList?: string[];
}

/** Users linked to a role or to any of some departments, paged, with an optional username filter. */
async function linkedUsers(db: Db, link: 'role' | 'depart', ownerIds: readonly string[], query: Record<string, string | undefined>) {
  const page = pageParams(query);
  if (ownerIds.length === 0) return pageResult([], 0, page);
  let base = db.selectFrom('sys_user as u').where('u.del_flag', '=', 0);
  base =
    link === 'role'
      ? base.where('u.id', 'in', (eb) => eb.selectFrom('sys_user_role').select('user_id').where('role_id', 'in', ownerIds))
      : base.where('u.id', 'in', (eb) => eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', 'in', ownerIds));
  const username = query.username?.trim();
  if (username) base = base.where(likeContains('u.username', username.replace(/^\*|\*$/g, '')));
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const users = await base
    .selectAll('u')
    .orderBy('u.create_time', 'desc')
    .orderBy('u.id')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return pageResult(await userRecords(db, users), Number(count.n), page);
}

async function existingUsers(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('sys_user').select('id').where('id', 'in', ids).where('del_flag', '=', 0).execute();
  return rows.map((r) => r.id);
}

const listQuery = objectSchema({ ...PAGE_QUERY, roleId: text('角色ID', 36), depId: text('部门ID', 36), username: text('用户账号', 100) });

/** Role users (RoleUserList) and department users (DepartUserList). */
/** 角色用户: list, add and remove the users of a role. */
function roleUserRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: Record<string, string | undefined> }>(
    '/sys/user/userRoleList',
    { config: { permission: 'role:users' }, schema: { querystring: listQuery } },
    async (request) => ok(await linkedUsers(db, 'role', [requireId(request.query.roleId, '角色ID')], request.query)),
  );

  api.post<{ Body: LinkBody }>(
    '/sys/user/addSysUserRole',
    { config: { permission: 'role:users' }, schema: { body: LINK_BODY } },
    async (request) => {
      const roleId = requireId(request.body.roleId, '角色ID');
      const role = await db.selectFrom('sys_role').select('id').where('id', '=', roleId).executeTakeFirst();
      if (!role) throw businessError('角色不存在');
      await requireAdminFor(request, db, await roleIdsIncludeAdmin(db, [roleId]));
      await refuseBroaderRoles(request, db, { roleIds: [roleId] });
      const userIds = await existingUsers(db, idList(request.body.userIdList, '用户'));
      for (const userId of userIds) {
        await db
          .insertInto('sys_user_role')
          .values({ id: newId(), user_id: userId, role_id: roleId })
          .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
          .execute();
      }
      await logOperation(db, request, OP_ADD, `角色添加用户，roleId： ${roleId}`);
      return okMessage('添加成功!');
    },
  );

  const removeRoleUsers = async (roleId: string, userIds: string[], adminCaller: Parameters<typeof requireAdminFor>[0]) => {
    await requireAdminFor(adminCaller, db, await roleIdsIncludeAdmin(db, [roleId]));
    await db.deleteFrom('sys_user_role').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute();
  };

  api.delete<{ Querystring: { roleId?: string; userId?: string } }>(
    '/sys/user/deleteUserRole',
    {
      config: { permission: 'role:users' },
      schema: { querystring: objectSchema({ roleId: text('角色ID', 36), userId: text('用户ID', 36) }) },
    },
    async (request) => {
      const roleId = requireId(request.query.roleId, '角色ID');
      await removeRoleUsers(roleId, [requireId(request.query.userId, '用户ID')], request);
      await logOperation(db, request, OP_DELETE, `取消角色用户关联，roleId： ${roleId}`);
      return okMessage('删除成功!');
    },
  );

  api.delete<{ Querystring: { roleId?: string; userIds?: string } }>(
    '/sys/user/deleteUserRoleBatch',
    {
      config: { permission: 'role:users' },
      schema: { querystring: objectSchema({ roleId: text('角色ID', 36), userIds: text('用户ID', 40000) }) },
    },
    async (request) => {
      const roleId = requireId(request.query.roleId, '角色ID');
      await removeRoleUsers(roleId, idList(request.query.userIds, '用户ID'), request);
      await logOperation(db, request, OP_DELETE, `批量取消角色用户关联，roleId： ${roleId}`);
      return okMessage('删除成功!');
    },
  );
}

/** 部门用户: list, add and remove the users of a department. */
function departUserRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get<{ Querystring: Record<string, string | undefined> }>(
    '/sys/user/departUserList',
    { config: { permission: 'depart:users' }, schema: { querystring: listQuery } },
    // without a department: the users of the departments a 上级 leads (and those below them); nobody for 普通用户
    async (request) => {
      const depIds = request.query.depId?.trim()
        ? [requireId(request.query.depId, '部门ID')]
        : await ledDepartIds(db, requireSession(request).user.id);
      return ok(await linkedUsers(db, 'depart', depIds, request.query));
    },
  );

  api.post<{ Body: LinkBody }>(
    '/sys/user/editSysDepartWithUser',
    { config: { permission: 'depart:users' }, schema: { body: LINK_BODY } },
    async (request) => {
      const depId = requireId(request.body.depId, '部门ID');
      const depart = await db.selectFrom('sys_depart').select('id').where('id', '=', depId).executeTakeFirst();
      if (!depart) throw businessError('部门不存在');
      const userIds = await existingUsers(db, idList(request.body.userIdList, '用户'));
      for (const userId of userIds) {
        await db
          .insertInto('sys_user_depart')
          .values({ id: newId(), user_id: userId, dep_id: depId })
          .onConflict((oc) => oc.columns(['user_id', 'dep_id']).doNothing())
          .execute();
      }
      await logOperation(db, request, OP_ADD, `部门添加用户，depId： ${depId}`);
      return okMessage('添加成功!');
    },
  );

  const removeDepartUsers = async (depId: string, userIds: string[]) => {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_user_depart').where('dep_id', '=', depId).where('user_id', 'in', userIds).execute();
      await trx
        .deleteFrom('sys_depart_role_user')
        .where('user_id', 'in', userIds)
        .where('drole_id', 'in', (eb) => eb.selectFrom('sys_depart_role').select('id').where('depart_id', '=', depId))
        .execute();
      await trx
        .updateTable('sys_user')
        .set({ org_code: null })
        .where('id', 'in', userIds)
        .where('org_code', '=', (eb) => eb.selectFrom('sys_depart').select('org_code').where('id', '=', depId))
        .execute();
    });
  };

  api.delete<{ Querystring: { depId?: string; userId?: string } }>(
    '/sys/user/deleteUserInDepart',
    {
      config: { permission: 'depart:users' },
      schema: { querystring: objectSchema({ depId: text('部门ID', 36), userId: text('用户ID', 36) }) },
    },
    async (request) => {
      requireSession(request);
      const depId = requireId(request.query.depId, '部门ID');
      await removeDepartUsers(depId, [requireId(request.query.userId, '用户ID')]);
      await logOperation(db, request, OP_DELETE, `取消部门用户关联，depId： ${depId}`);
      return okMessage('删除成功!');
    },
  );

  api.delete<{ Querystring: { depId?: string; userIds?: string } }>(
    '/sys/user/deleteUserInDepartBatch',
    {
      config: { permission: 'depart:users' },
      schema: { querystring: objectSchema({ depId: text('部门ID', 36), userIds: text('用户ID', 40000) }) },
    },
    async (request) => {
      const depId = requireId(request.query.depId, '部门ID');
      await removeDepartUsers(depId, idList(request.query.userIds, '用户ID'));
      await logOperation(db, request, OP_DELETE, `批量取消部门用户关联，depId： ${depId}`);
      return okMessage('删除成功!');
    },
  );
}

export function userLinkRoutes(api: FastifyInstance, deps: AppDeps): void {
  roleUserRoutes(api, deps);
  departUserRoutes(api, deps);
}
