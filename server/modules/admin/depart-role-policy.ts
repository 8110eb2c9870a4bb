import { sql } from 'kysely';
import { businessError } from '../../core/envelope';
import { registerEntityListOptions } from '../entity/crud-routes';
import { registerEntityPolicy } from '../entity/policies';
import { optionalText, requireId } from './common';

/** The department-role form's checks and messages; the trimmed values. */
function departRoleValues(body: Record<string, unknown>) {
  const roleName = optionalText(body.roleName);
  if (!roleName) throw businessError('请输入部门角色名称!');
  const roleCode = optionalText(body.roleCode);
  if (!roleCode) throw businessError('请输入部门角色编码!');
  if (!/^[A-Za-z0-9_-]+$/.test(roleCode)) throw businessError('部门角色编码只能包含字母、数字、下划线和中划线');
  return { roleName, roleCode, description: optionalText(body.description) };
}

/**
 * 我的部门 › 部门角色 on the entity engine (schemas/entities/sys_depart_role.json): the list of one department
 * (`deptId`), the form's messages, a role kept in its department, and a deleted role's user and permission links
 * removed with it.
 */
export function registerDepartRolePolicy(): void {
  registerEntityListOptions('sys_depart_role', (request) => {
    const deptId = (request.query as Record<string, unknown>).deptId;
    return typeof deptId === 'string' && deptId ? { where: [sql<boolean>`depart_id = ${requireId(deptId, '部门ID')}`] } : {};
  });
  registerEntityPolicy('sys_depart_role', {
    beforeWrite: async ({ db, mode, body }) => {
      if (mode === 'delete') return;
      if (mode === 'add') {
        const departId = requireId(body.departId, '部门ID');
        if (!(await db.selectFrom('sys_depart').select('id').where('id', '=', departId).executeTakeFirst()))
          throw businessError('部门不存在');
        body.departId = departId;
      } else {
        delete body.departId;
      }
      Object.assign(body, departRoleValues(body));
    },
    beforeDelete: async (trx, ids) => {
      await trx
        .deleteFrom('sys_depart_role_user')
        .where('drole_id', 'in', [...ids])
        .execute();
      await trx
        .deleteFrom('sys_depart_role_permission')
        .where('role_id', 'in', [...ids])
        .execute();
    },
  });
}
