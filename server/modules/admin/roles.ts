import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps';
import { businessError, ok, okMessage } from '../../core/envelope';
import { ADMIN_ROLE_CODE } from '../../core/permissions';
import { objectSchema, text } from '../../core/schemas';
import type { Db } from '../../db/types';
import { idList, jsonRows, optionalText, requireId } from './common';
import { refuseOwnRoleRules, refuseUnheldGrants } from './grant-guards';
import { dataRuleChoice, grantedIds, saveGrantDiff, saveDataRuleChoice } from './grant-store';
import { logOperation, OP_EDIT } from './oplog';
import { allPermissions, treeModels } from './permission-json';
import { requireAdminFor } from './user-guards';

const GRANT_BODY = {
  ...objectSchema({
    roleId: text('角色ID', 36),
    departId: text('部门ID', 36),
    permissionIds: text('权限', 100000),
    lastpermissionIds: text('权限', 100000),
  }),
  additionalProperties: false,
};

/** The role form's checks and messages (add, edit, import); the trimmed values. */
export function roleValues(body: { roleName?: unknown; roleCode?: unknown; description?: unknown }) {
  const roleCode = optionalText(body.roleCode);
  if (!roleCode) throw businessError('请输入角色编码!');
  if (roleCode.length > 64) throw businessError('长度不超过 64 个字符');
  if (!/^[A-Za-z0-9_-]+$/.test(roleCode)) throw businessError('角色编码只能包含字母、数字、下划线和中划线');
  const roleName = optionalText(body.roleName);
  if (!roleName) throw businessError('请输入角色名称!');
  if (roleName.length < 2 || roleName.length > 30) throw businessError('长度在 2 到 30 个字符');
  const description = optionalText(body.description);
  if (description && description.length > 126) throw businessError('描述长度不能超过126个字符');
  return { role_code: roleCode, role_name: roleName, description };
}

async function roleById(db: Db, id: string) {
  return db.selectFrom('sys_role').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function refuseTakenCode(db: Db, roleCode: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('sys_role').select('id').where('role_code', '=', roleCode);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw businessError('角色编码已存在');
}

export function roleRoutes(api: FastifyInstance, { db }: AppDeps): void {
  api.get('/sys/role/queryall', { config: { permission: ['role:list', 'user:add', 'user:edit'] } }, async () => {
    const rows = await db.selectFrom('sys_role').selectAll().orderBy('create_time').orderBy('id').execute();
    return ok(jsonRows(rows));
  });

  api.get<{ Querystring: { id?: string; roleCode?: string } }>(
    '/sys/role/checkRoleCode',
    {
      config: { permission: ['role:add', 'role:edit'] },
      schema: { querystring: objectSchema({ id: text('角色ID', 36), roleCode: text('角色编码', 100), _t: text('时间戳', 20) }) },
    },
    async (request) => {
      const roleCode = optionalText(request.query.roleCode);
      if (!roleCode) throw businessError('请输入角色编码!');
      await refuseTakenCode(db, roleCode, request.query.id ? requireId(request.query.id, '角色ID') : undefined);
      return okMessage('该值可用！');
    },
  );

  api.get('/sys/role/queryTreeList', { config: { permission: ['role:auth', 'role:list'] } }, async () => {
    const rows = await allPermissions(db);
    return ok({ treeList: treeModels(rows), ids: rows.map((r) => r.id) });
  });

  api.get<{ Params: { permissionId: string; roleId: string } }>(
    '/sys/role/datarule/:permissionId/:roleId',
    {
      config: { permission: 'role:auth' },
      schema: { params: objectSchema({ permissionId: text('菜单ID', 36), roleId: text('角色ID', 36) }) },
    },
    async (request) => {
      const permissionId = requireId(request.params.permissionId, '菜单ID');
      const roleId = requireId(request.params.roleId, '角色ID');
      return ok(await dataRuleChoice(db, { table: 'sys_role_permission', roleId }, permissionId));
    },
  );

  api.post<{ Body: { permissionId?: string; roleId?: string; dataRuleIds?: string } }>(
    '/sys/role/datarule',
    {
      config: { permission: 'role:auth' },
      schema: { body: objectSchema({ permissionId: text('菜单ID', 36), roleId: text('角色ID', 36), dataRuleIds: text('数据规则', 4000) }) },
    },
    async (request) => {
      const permissionId = requireId(request.body.permissionId, '菜单ID');
      const roleId = requireId(request.body.roleId, '角色ID');
      const role = await roleById(db, roleId);
      await requireAdminFor(request, db, role?.role_code === ADMIN_ROLE_CODE);
      await refuseOwnRoleRules(request, db, { roleId });
      await saveDataRuleChoice(
        db,
        { table: 'sys_role_permission', roleId },
        permissionId,
        idList(request.body.dataRuleIds, '数据规则', { required: false }),
      );
      await logOperation(db, request, OP_EDIT, `保存角色数据规则，roleId： ${roleId}`);
      return okMessage('保存成功!');
    },
  );

  api.get<{ Querystring: { roleId?: string } }>(
    '/sys/permission/queryRolePermission',
    { config: { permission: 'role:auth' }, schema: { querystring: objectSchema({ roleId: text('角色ID', 36), _t: text('时间戳', 20) }) } },
    async (request) => ok(await grantedIds(db, { table: 'sys_role_permission', roleId: requireId(request.query.roleId, '角色ID') })),
  );

  api.post<{ Body: { roleId?: string; permissionIds?: string; lastpermissionIds?: string } }>(
    '/sys/permission/saveRolePermission',
    { config: { permission: 'role:auth' }, schema: { body: GRANT_BODY } },
    async (request) => {
      const roleId = requireId(request.body.roleId, '角色ID');
      const role = await roleById(db, roleId);
      if (!role) throw businessError('角色不存在');
      await requireAdminFor(request, db, role.role_code === ADMIN_ROLE_CODE);
      const next = idList(request.body.permissionIds, '权限', { required: false });
      const last = idList(request.body.lastpermissionIds, '权限', { required: false });
      const target = { table: 'sys_role_permission', roleId } as const;
      await refuseUnheldGrants(request, db, next, last, await grantedIds(db, target));
      await saveGrantDiff(db, target, next, last);
      await logOperation(db, request, OP_EDIT, `保存角色授权，角色： ${role.role_code}`);
      return okMessage('保存成功！');
    },
  );
}
