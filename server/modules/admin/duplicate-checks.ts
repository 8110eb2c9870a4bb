import { registerDuplicateCheck } from '../entity/duplicate-check';

/**
 * The unique columns the administration forms check as they are typed (GET /sys/duplicate/check):
 * the user form's 用户账号, 手机号码, 邮箱 and 工号, the role form's 角色编码, the menu form's 授权标识 and
 * the department role form's 部门角色编码. Only these pairs are answered, and only to holders of the
 * codes that open the form (phone numbers and e-mail addresses are not for everyone to probe).
 */
export function registerAdminDuplicateChecks(): void {
  const userForm = ['user:add', 'user:edit'];
  for (const column of ['username', 'phone', 'email', 'work_no'])
    registerDuplicateCheck({ table: 'sys_user', column, permission: userForm });
  registerDuplicateCheck({ table: 'sys_role', column: 'role_code', permission: ['role:add', 'role:edit'] });
  registerDuplicateCheck({ table: 'sys_permission', column: 'perms', permission: ['menu:add', 'menu:edit'] });
  registerDuplicateCheck({ table: 'sys_depart_role', column: 'role_code', permission: 'depart:role' });
}
