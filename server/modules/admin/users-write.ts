import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction';
import { requireSession } from '../../core/access-control';
import type { AppDeps } from '../../core/deps';
import { businessError, okMessage } from '../../core/envelope';
import { newId } from '../../core/ids';
import { hashPassword, isStrongPassword, newSalt, PASSWORD_RULE_MESSAGE } from '../../core/passwords';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import { auditInsert, auditUpdate, idList, optionalText, requireId } from './common';
import { logOperation, OP_ADD, OP_DELETE, OP_EDIT } from './oplog';
import {
  newPassword,
  newUsername,
  refuseDuplicates,
  requireExisting,
  requireTenants,
  USER_BODY_SCHEMA,
  userFields,
  type UserBody,
  type UserFields,
} from './user-form';
import { refuseBroaderRoles } from './role-assign-guards';
import { adminUserIds, refuseAdminTargets, requireAdminFor, roleIdsIncludeAdmin } from './user-guards';

async function replaceRoles(db: Db, userId: string, roleIds: string[]): Promise<void> {
  await db.deleteFrom('sys_user_role').where('user_id', '=', userId).execute();
  if (roleIds.length)
    await db
      .insertInto('sys_user_role')
      .values(roleIds.map((roleId) => ({ id: newId(), user_id: userId, role_id: roleId })))
      .execute();
}

/** Those of `roleIds` the user does not hold yet: keeping a role is not attaching it. */
async function rolesNotHeld(db: Db, userId: string, roleIds: string[]): Promise<string[]> {
  const held = new Set(
    (await db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute()).map((r) => r.role_id),
  );
  return roleIds.filter((id) => !held.has(id));
}

async function replaceDeparts(db: Db, userId: string, departIds: string[]): Promise<void> {
  await db.deleteFrom('sys_user_depart').where('user_id', '=', userId).execute();
  if (departIds.length)
    await db
      .insertInto('sys_user_depart')
      .values(departIds.map((depId) => ({ id: newId(), user_id: userId, dep_id: depId })))
      .execute();
  const departs = departIds.length
    ? await db.selectFrom('sys_depart').select('org_code').where('id', 'in', departIds).orderBy('org_code').execute()
    : [];
  const current = await db.selectFrom('sys_user').select('org_code').where('id', '=', userId).executeTakeFirstOrThrow();
  if (!departs.some((d) => d.org_code === current.org_code)) {
    await db
      .updateTable('sys_user')
      .set({ org_code: departs[0]?.org_code ?? null })
      .where('id', '=', userId)
      .execute();
  }
}

export interface NewUser {
  username: string;
  password: string;
  fields: UserFields;
  roleIds: string[];
  departIds: string[];
}

/** Inserts a checked user (active, with a new salt and the password hashed) with their roles and departments. */
export async function createUser(db: Db, u: NewUser, operator: string): Promise<string> {
  const id = newId();
  const hash = await hashPassword(u.password);
  await withTransaction(db, async (trx) => {
    await trx
      .insertInto('sys_user')
      .values({
        id,
        username: u.username,
        ...u.fields,
        password: hash,
        salt: newSalt(),
        org_code: null,
        status: 1,
        del_flag: 0,
        third_id: null,
        third_type: null,
        client_id: null,
        ...auditInsert(operator),
      })
      .execute();
    await replaceRoles(trx, id, u.roleIds);
    await replaceDeparts(trx, id, u.departIds);
  });
  return id;
}

/** Physically removes users and everything that points at them. */
export async function purgeUsers(db: Db, ids: string[]): Promise<void> {
  await db.deleteFrom('sys_user_role').where('user_id', 'in', ids).execute();
  await db.deleteFrom('sys_user_depart').where('user_id', 'in', ids).execute();
  await db.deleteFrom('sys_depart_role_user').where('user_id', 'in', ids).execute();
  await db.deleteFrom('sys_user_token').where('user_id', 'in', ids).execute();
  await db.deleteFrom('sys_user_setting').where('user_id', 'in', ids).execute();
  await db.deleteFrom('sys_user').where('id', 'in', ids).execute();
}

const IDS_STATUS_BODY = { ...objectSchema({ ids: text('用户ID', 40000), status: text('状态', 2) }), additionalProperties: false };

/** add and edit */
function userEditRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.post<{ Body: UserBody }>(
    '/sys/user/add',
    { config: { permission: 'user:add' }, schema: { body: USER_BODY_SCHEMA } },
    async (request) => {
      const { user } = requireSession(request);
      const body = request.body;
      const username = newUsername(body);
      const password = newPassword(body);
      const fields = userFields(body);
      const roleIds = idList(body.selectedroles, '角色', { required: false });
      const departIds = idList(body.selecteddeparts, '部门', { required: false });
      await requireAdminFor(request, db, await roleIdsIncludeAdmin(db, roleIds));
      await refuseDuplicates(db, { username, ...fields });
      await requireExisting(db, 'sys_role', roleIds, '角色不存在');
      await refuseBroaderRoles(request, db, { roleIds });
      await requireExisting(db, 'sys_depart', [...departIds, ...(fields.depart_ids?.split(',') ?? [])], '部门不存在');
      await requireTenants(db, fields.rel_tenant_ids);
      await createUser(db, { username, password, fields, roleIds, departIds }, user.username);
      await logOperation(db, request, OP_ADD, `添加用户，username： ${username}`);
      return okMessage('添加成功！');
    },
  );

  api.route<{ Body: UserBody }>({
    method: ['PUT', 'POST'],
    url: '/sys/user/edit',
    config: { permission: 'user:edit' },
    schema: { body: USER_BODY_SCHEMA },
    handler: async (request) => {
      const { user } = requireSession(request);
      const body = request.body;
      const id = requireId(body.id, '用户ID');
      const existing = await db
        .selectFrom('sys_user')
        .select(['id', 'username'])
        .where('id', '=', id)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!existing) throw businessError('未找到对应实体');
      const fields = userFields(body);
      const roleIds = body.selectedroles === undefined ? null : idList(body.selectedroles, '角色', { required: false });
      const departIds = body.selecteddeparts === undefined ? null : idList(body.selecteddeparts, '部门', { required: false });
      const touchesAdmin = (await adminUserIds(db, [id])).length > 0 || (roleIds !== null && (await roleIdsIncludeAdmin(db, roleIds)));
      await requireAdminFor(request, db, touchesAdmin);
      await refuseDuplicates(db, fields, id);
      if (roleIds) {
        await requireExisting(db, 'sys_role', roleIds, '角色不存在');
        await refuseBroaderRoles(request, db, { roleIds: await rolesNotHeld(db, id, roleIds) });
      }
      await requireExisting(db, 'sys_depart', [...(departIds ?? []), ...(fields.depart_ids?.split(',') ?? [])], '部门不存在');
      await requireTenants(db, fields.rel_tenant_ids);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sys_user')
          .set({ ...fields, ...auditUpdate(user.username) })
          .where('id', '=', id)
          .execute();
        if (roleIds) await replaceRoles(trx, id, roleIds);
        if (departIds) await replaceDeparts(trx, id, departIds);
      });
      await logOperation(db, request, OP_EDIT, `编辑用户，username： ${existing.username}`);
      return okMessage('编辑成功!');
    },
  });
}

/** delete (to the recycle bin) and delete for good */
function userDeleteRoutes(api: FastifyInstance, { db, tokens }: AppDeps): void {
  const softDelete = async (ids: string[], operator: string, selfId: string, from: 'row' | 'selection') => {
    await refuseAdminTargets(db, ids, from);
    if (ids.includes(selfId)) throw businessError('不能删除当前登录用户');
    await db
      .updateTable('sys_user')
      .set({ del_flag: 1, ...auditUpdate(operator) })
      .where('id', 'in', ids)
      .where('del_flag', '=', 0)
      .execute();
    for (const id of ids) await tokens.revokeAllOfUser(id);
  };

  api.delete<{ Querystring: { id?: string } }>(
    '/sys/user/delete',
    { config: { permission: 'user:delete' }, schema: { querystring: objectSchema({ id: text('用户ID', 36) }) } },
    async (request) => {
      const { user } = requireSession(request);
      const id = requireId(request.query.id, '用户ID');
      await softDelete([id], user.username, user.id, 'row');
      await logOperation(db, request, OP_DELETE, `删除用户，id： ${id}`);
      return okMessage('删除用户成功');
    },
  );

  api.delete<{ Querystring: { ids?: string } }>(
    '/sys/user/deleteBatch',
    { config: { permission: 'user:delete' }, schema: { querystring: objectSchema({ ids: text('用户ID', 40000) }) } },
    async (request) => {
      const { user } = requireSession(request);
      const ids = idList(request.query.ids, '用户ID');
      await softDelete(ids, user.username, user.id, 'selection');
      await logOperation(db, request, OP_DELETE, `批量删除用户，ids： ${ids.join(',')}`);
      return okMessage('批量删除用户成功');
    },
  );

  api.route<{ Body: { userIds?: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/user/putRecycleBin',
    config: { permission: 'user:recycle' },
    schema: { body: { ...objectSchema({ userIds: text('用户ID', 40000) }), additionalProperties: false } },
    handler: async (request) => {
      const { user } = requireSession(request);
      const ids = idList(request.body.userIds, '用户ID');
      await db
        .updateTable('sys_user')
        .set({ del_flag: 0, ...auditUpdate(user.username) })
        .where('id', 'in', ids)
        .where('del_flag', '=', 1)
        .execute();
      await logOperation(db, request, OP_EDIT, `还原用户，ids： ${ids.join(',')}`);
      return okMessage('还原成功');
    },
  });

  api.delete<{ Querystring: { userIds?: string } }>(
    '/sys/user/deleteRecycleBin',
    { config: { permission: 'user:recycle' }, schema: { querystring: objectSchema({ userIds: text('用户ID', 40000) }) } },
    async (request) => {
      const ids = idList(request.query.userIds, '用户ID');
      const deleted = await db.selectFrom('sys_user').select('id').where('id', 'in', ids).where('del_flag', '=', 1).execute();
      if (deleted.length > 0)
        await db.transaction().execute((trx) =>
          purgeUsers(
            trx,
            deleted.map((d) => d.id),
          ),
        );
      await logOperation(db, request, OP_DELETE, `彻底删除用户，ids： ${ids.join(',')}`);
      return okMessage('删除成功!');
    },
  );
}

/** freeze and unfreeze, change a password */
function userStatusRoutes(api: FastifyInstance, { db, tokens }: AppDeps): void {
  const frozenChecks = async (body: { ids?: string; status?: string }, selfId: string) => {
    const ids = idList(body.ids, '用户ID');
    if (body.status !== '1' && body.status !== '2') throw businessError('状态取值不正确');
    if (body.status === '2') {
      // frozenBatch is the batch route; the row 冻结 refuses the administrator in the client with the row message
      await refuseAdminTargets(db, ids, 'selection');
      if (ids.includes(selfId)) throw businessError('不能冻结当前登录用户');
    }
    return { ids, status: Number(body.status) };
  };

  api.route<{ Body: { ids?: string; status?: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/user/frozenBatch',
    config: { permission: 'user:frozen' },
    schema: { body: IDS_STATUS_BODY },
    handler: async (request) => {
      const { user } = requireSession(request);
      const { ids, status } = await frozenChecks(request.body, user.id);
      await db
        .updateTable('sys_user')
        .set({ status, ...auditUpdate(user.username) })
        .where('id', 'in', ids)
        .where('del_flag', '=', 0)
        .execute();
      if (status === 2) for (const id of ids) await tokens.revokeAllOfUser(id);
      await logOperation(db, request, OP_EDIT, `${status === 2 ? '冻结' : '解冻'}用户，ids： ${ids.join(',')}`);
      return okMessage('操作成功!');
    },
  });

  /** The check the screens run before freezing: same refusals as frozenBatch, nothing changed. */
  api.route<{ Body: { ids?: string; status?: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/user/frozenBefore',
    config: { permission: 'user:frozen' },
    schema: { body: IDS_STATUS_BODY },
    handler: async (request) => {
      const { user } = requireSession(request);
      await frozenChecks({ status: '2', ...request.body }, user.id);
      return okMessage('可以操作');
    },
  });

  api.route<{ Body: { username?: string; password?: string; confirmpassword?: string } }>({
    method: ['PUT', 'POST'],
    url: '/sys/user/changePassword',
    config: { permission: 'user:resetPassword' },
    schema: {
      body: {
        ...objectSchema({ username: text('用户账号', 100), password: text('登录密码', 128), confirmpassword: text('确认密码', 128) }),
        additionalProperties: false,
      },
    },
    handler: async (request) => {
      const { user } = requireSession(request);
      const username = optionalText(request.body.username);
      if (!username) throw businessError('用户账号不能为空');
      const password = request.body.password ?? '';
      if (!password) throw businessError('请输入登录密码!');
      if (!isStrongPassword(password)) throw businessError(PASSWORD_RULE_MESSAGE);
      if (request.body.confirmpassword !== undefined && request.body.confirmpassword !== password)
        throw businessError('两次输入的密码不一样！');
      const target = await db
        .selectFrom('sys_user')
        .select('id')
        .where('username', '=', username)
        .where('del_flag', '=', 0)
        .executeTakeFirst();
      if (!target) throw businessError('用户不存在！');
      await requireAdminFor(request, db, (await adminUserIds(db, [target.id])).length > 0);
      await db
        .updateTable('sys_user')
        .set({ password: await hashPassword(password), salt: newSalt(), ...auditUpdate(user.username) })
        .where('id', '=', target.id)
        .execute();
      await tokens.revokeAllOfUser(target.id, target.id === user.id ? requireSession(request).tokenId : undefined);
      await logOperation(db, request, OP_EDIT, `重置用户密码，username： ${username}`);
      return okMessage('密码重置成功!');
    },
  });
}

export function userWriteRoutes(api: FastifyInstance, deps: AppDeps): void {
  userEditRoutes(api, deps);
  userDeleteRoutes(api, deps);
  userStatusRoutes(api, deps);
}
