import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import { idList, jsonRows, requireId } from './common';
import { refuseOwnRoleRules, refuseUnheldGrants } from './grant-guards';
import { refuseBroaderRoles } from './role-assign-guards';
import { dataRuleChoice, grantedIds, saveDataRuleChoice, saveGrantDiff } from './grant-store';
import { logOperation, OP_EDIT } from './oplog';
import { allPermissions, treeModels } from './permission-json';

const GRANT_BODY = {
  ...objectSchema({
    roleId: text('角色ID', 36),
    departId: text('部门ID', 36),
    permissionIds: text('权限', 100000),
    lastpermissionIds: text('权限', 100000),
  }),
  additionalProperties: false,
};
const RULE_BODY = objectSchema({
  permissionId: text('菜单ID', 36),
  roleId: text('角色ID', 36),
  departId: text('部门ID', 36),
  dataRuleIds: text('数据规则', 4000),
});

async function departRole(db: Db, id: string) {
  const role = await db.selectFrom('sys_depart_role').selectAll().where('id', '=', id).executeTakeFirst();
  if (!role) throw businessError('部门角色不存在');
  return role;
}

/** A department's own permissions and data rules (DepartList 授权). */
function departPermissionRoutes(api: FastifyInstance, db: Db): void {
  api.get<{ Querystring: { departId?: string } }>(
    '/sys/permission/queryDepartPermission',
    {
      config: { permission: 'depart:auth' },
      schema: { querystring: objectSchema({ departId: text('部门ID', 36), _t: text('时间戳', 20) }) },
    },
    async (request) => ok(await grantedIds(db, { table: 'sys_depart_permission', departId: requireId(request.query.departId, '部门ID') })),
  );

  api.post<{ Body: { departId?: string; permissionIds?: string; lastpermissionIds?: string } }>(
    '/sys/permission/saveDepartPermission',
    { config: { permission: 'depart:auth' }, schema: { body: GRANT_BODY } },
    async (request) => {
      const departId = requireId(request.body.departId, '部门ID');
      const depart = await db.selectFrom('sys_depart').select('id').where('id', '=', departId).executeTakeFirst();
      if (!depart) throw businessError('部门不存在');
      const target = { table: 'sys_depart_permission', departId } as const;
      const next = idList(request.body.permissionIds, '权限', { required: false });
      const last = idList(request.body.lastpermissionIds, '权限', { required: false });
      await refuseUnheldGrants(request, db, next, last, await grantedIds(db, target));
      await saveGrantDiff(db, target, next, last);
      await logOperation(db, request, OP_EDIT, `保存部门授权，departId： ${departId}`);
      return okMessage('保存成功！');
    },
  );

  api.get<{ Params: { permissionId: string; departId: string } }>(
    '/sys/sysDepartPermission/datarule/:permissionId/:departId',
    { config: { permission: 'depart:auth' } },
    async (request) =>
      ok(
        await dataRuleChoice(
          db,
          { table: 'sys_depart_permission', departId: requireId(request.params.departId, '部门ID') },
          requireId(request.params.permissionId, '菜单ID'),
        ),
      ),
  );

  api.post<{ Body: { permissionId?: string; departId?: string; dataRuleIds?: string } }>(
    '/sys/sysDepartPermission/datarule',
    { config: { permission: 'depart:auth' }, schema: { body: RULE_BODY } },
    async (request) => {
      const departId = requireId(request.body.departId, '部门ID');
      await saveDataRuleChoice(
        db,
        { table: 'sys_depart_permission', departId },
        requireId(request.body.permissionId, '菜单ID'),
        idList(request.body.dataRuleIds, '数据规则', { required: false }),
      );
      return okMessage('保存成功!');
    },
  );
}

/** The department roles of a department and of a user, and a user's department roles saved (DepartUserList). */
function departRoleUserRoutes(api: FastifyInstance, db: Db): void {
  api.get<{ Querystring: { departId?: string; userId?: string } }>(
    '/sys/sysDepartRole/getDeptRoleList',
    {
      config: { permission: ['depart:role', 'depart:users'] },
      schema: { querystring: objectSchema({ departId: text('部门ID', 36), userId: text('用户ID', 36), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const departId = requireId(request.query.departId, '部门ID');
      const rows = await db.selectFrom('sys_depart_role').selectAll().where('depart_id', '=', departId).orderBy('create_time').execute();
      return ok(jsonRows(rows));
    },
  );

  api.get<{ Querystring: { departId?: string; userId?: string } }>(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    {
      config: { permission: ['depart:role', 'depart:users'] },
      schema: { querystring: objectSchema({ departId: text('部门ID', 36), userId: text('用户ID', 36), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const departId = requireId(request.query.departId, '部门ID');
      const userId = requireId(request.query.userId, '用户ID');
      const rows = await db
        .selectFrom('sys_depart_role_user as u')
        .innerJoin('sys_depart_role as r', 'r.id', 'u.drole_id')
        .select(['u.id', 'u.user_id', 'u.drole_id'])
        .where('u.user_id', '=', userId)
        .where('r.depart_id', '=', departId)
        .execute();
      return ok(jsonRows(rows));
    },
  );

  api.post<{ Body: { userId?: string; newRoleId?: string; oldRoleId?: string } }>(
    '/sys/sysDepartRole/deptRoleUserAdd',
    {
      config: { permission: 'depart:users' },
      schema: {
        body: {
          ...objectSchema({ userId: text('用户ID', 36), newRoleId: text('部门角色', 40000), oldRoleId: text('部门角色', 40000) }),
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const userId = requireId(request.body.userId, '用户ID');
      const next = idList(request.body.newRoleId, '部门角色', { required: false });
      const last = idList(request.body.oldRoleId, '部门角色', { required: false });
      const user = await db.selectFrom('sys_user').select('id').where('id', '=', userId).where('del_flag', '=', 0).executeTakeFirst();
      if (!user) throw businessError('用户不存在！');
      const add = next.filter((id) => !last.includes(id));
      const remove = last.filter((id) => !next.includes(id));
      if (add.length) {
        const roles = await db.selectFrom('sys_depart_role').select('id').where('id', 'in', add).execute();
        if (roles.length !== add.length) throw businessError('部门角色不存在');
        const held = await db
          .selectFrom('sys_depart_role_user')
          .select('drole_id')
          .where('user_id', '=', userId)
          .where('drole_id', 'in', add)
          .execute();
        const heldIds = new Set(held.map((r) => r.drole_id));
        await refuseBroaderRoles(request, db, { departRoleIds: add.filter((id) => !heldIds.has(id)) });
      }
      await db.transaction().execute(async (trx) => {
        if (remove.length)
          await trx.deleteFrom('sys_depart_role_user').where('user_id', '=', userId).where('drole_id', 'in', remove).execute();
        for (const roleId of add) {
          await trx
            .insertInto('sys_depart_role_user')
            .values({ id: newId(), user_id: userId, drole_id: roleId })
            .onConflict((oc) => oc.columns(['user_id', 'drole_id']).doNothing())
            .execute();
        }
      });
      await logOperation(db, request, OP_EDIT, `分配部门角色，userId： ${userId}`);
      return okMessage('添加成功!');
    },
  );
}

/** Department permissions, the grants, data rules and users of department roles (DepartList / DepartUserList); their CRUD is the entity sys_depart_role. */
export function departRoleRoutes(api: FastifyInstance, { db }: AppDeps): void {
  departPermissionRoutes(api, db);
  departRoleUserRoutes(api, db);

  api.get<{ Querystring: { departId?: string } }>(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    {
      config: { permission: ['depart:role', 'depart:auth'] },
      schema: { querystring: objectSchema({ departId: text('部门ID', 36), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const departId = requireId(request.query.departId, '部门ID');
      const granted = new Set(await grantedIds(db, { table: 'sys_depart_permission', departId }));
      const rows = (await allPermissions(db)).filter((p) => granted.has(p.id));
      return ok({ treeList: treeModels(rows), ids: rows.map((r) => r.id) });
    },
  );

  api.get<{ Querystring: { roleId?: string } }>(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    {
      config: { permission: 'depart:role' },
      schema: { querystring: objectSchema({ roleId: text('角色ID', 36), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const role = await departRole(db, requireId(request.query.roleId, '角色ID'));
      return ok(await grantedIds(db, { table: 'sys_depart_role_permission', roleId: role.id, departId: role.depart_id }));
    },
  );

  api.post<{ Body: { roleId?: string; permissionIds?: string; lastpermissionIds?: string } }>(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    { config: { permission: 'depart:role' }, schema: { body: GRANT_BODY } },
    async (request) => {
      const role = await departRole(db, requireId(request.body.roleId, '角色ID'));
      const allowed = new Set(await grantedIds(db, { table: 'sys_depart_permission', departId: role.depart_id }));
      const target = { table: 'sys_depart_role_permission', roleId: role.id, departId: role.depart_id } as const;
      const next = idList(request.body.permissionIds, '权限', { required: false });
      const last = idList(request.body.lastpermissionIds, '权限', { required: false });
      await refuseUnheldGrants(request, db, next, last, await grantedIds(db, target));
      await saveGrantDiff(db, target, next, last, allowed);
      await logOperation(db, request, OP_EDIT, `保存部门角色授权，roleId： ${role.id}`);
      return okMessage('保存成功！');
    },
  );

  api.get<{ Params: { permissionId: string; departId: string; roleId: string } }>(
    '/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId',
    { config: { permission: 'depart:role' } },
    async (request) => {
      const role = await departRole(db, requireId(request.params.roleId, '角色ID'));
      return ok(
        await dataRuleChoice(
          db,
          { table: 'sys_depart_role_permission', roleId: role.id, departId: role.depart_id },
          requireId(request.params.permissionId, '菜单ID'),
        ),
      );
    },
  );

  api.post<{ Body: { permissionId?: string; roleId?: string; dataRuleIds?: string } }>(
    '/sys/sysDepartRole/datarule',
    { config: { permission: 'depart:role' }, schema: { body: RULE_BODY } },
    async (request) => {
      const role = await departRole(db, requireId(request.body.roleId, '角色ID'));
      await refuseOwnRoleRules(request, db, { departRoleId: role.id });
      await saveDataRuleChoice(
        db,
        { table: 'sys_depart_role_permission', roleId: role.id, departId: role.depart_id },
        requireId(request.body.permissionId, '菜单ID'),
        idList(request.body.dataRuleIds, '数据规则', { required: false }),
      );
      return okMessage('保存成功!');
    },
  );
}
