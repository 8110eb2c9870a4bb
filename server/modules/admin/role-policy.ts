import { businessError } from '../../core/envelope';
import { ADMIN_ROLE_CODE } from '../../core/permissions';
import type { Db } from '../../db/types';
import { registerEntityPolicy } from '../entity/policies';
import { refuseTakenCode, roleValues } from './roles';
import { requireAdminFor } from './user-guards';

async function roleCodeOf(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('sys_role').select('role_code').where('id', '=', id).executeTakeFirst())?.role_code;
}

/**
 * 角色管理 on the entity engine (schemas/entities/sys_role.json): the role form's own messages, the admin role's
 * code fixed and the role kept from deletion, and a deleted role's user and permission links removed with it.
 */
export function registerRolePolicy(): void {
  registerEntityPolicy('sys_role', {
    beforeWrite: async ({ request, db, mode, id, body }) => {
      if (mode === 'delete') {
        if ((await roleCodeOf(db, id!)) === ADMIN_ROLE_CODE) throw businessError('管理员角色不允许删除');
        return;
      }
      const values = roleValues(body);
      if (mode === 'edit') {
        const isAdminRole = (await roleCodeOf(db, id!)) === ADMIN_ROLE_CODE;
        await requireAdminFor(request, db, isAdminRole || values.role_code === ADMIN_ROLE_CODE);
        if (isAdminRole && values.role_code !== ADMIN_ROLE_CODE) throw businessError('管理员角色编码不允许修改');
      }
      await refuseTakenCode(db, values.role_code, id ?? undefined);
      Object.assign(body, { roleCode: values.role_code, roleName: values.role_name, description: values.description });
    },
    beforeDelete: async (trx, ids) => {
      await trx
        .deleteFrom('sys_user_role')
        .where('role_id', 'in', [...ids])
        .execute();
      await trx
        .deleteFrom('sys_role_permission')
        .where('role_id', 'in', [...ids])
        .execute();
    },
  });
}
