import type { Selectable } from 'kysely';
import type { AuditColumns, NullableTimestamp, Timestamp } from '../../db/types';

export interface SysPermissionDataRuleTable extends AuditColumns {
  id: string;
  permission_id: string;
  rule_name: string;
  rule_column: string | null;
  rule_conditions: string;
  rule_value: string;
  status: string;
}

export interface SysDepartPermissionTable {
  id: string;
  depart_id: string;
  permission_id: string;
  data_rule_ids: string | null;
}

export interface SysDepartRoleTable extends AuditColumns {
  id: string;
  depart_id: string;
  role_name: string;
  role_code: string;
  description: string | null;
}

export interface SysDepartRoleUserTable {
  id: string;
  user_id: string;
  drole_id: string;
}

export interface SysDepartRolePermissionTable {
  id: string;
  depart_id: string;
  role_id: string;
  permission_id: string;
  data_rule_ids: string | null;
  operate_date: NullableTimestamp;
  operate_ip: string | null;
}

export interface SysCategoryTable extends AuditColumns {
  id: string;
  pid: string;
  name: string;
  code: string;
  sys_org_code: string | null;
  has_child: string;
}

/** per-user settings kept by the account screens; notification is a JSON object of booleans */
export interface SysUserSettingTable {
  user_id: string;
  notification: string;
  update_time: Timestamp;
}

declare module '../../db/types' {
  interface Database {
    sys_permission_data_rule: SysPermissionDataRuleTable;
    sys_depart_permission: SysDepartPermissionTable;
    sys_depart_role: SysDepartRoleTable;
    sys_depart_role_user: SysDepartRoleUserTable;
    sys_depart_role_permission: SysDepartRolePermissionTable;
    sys_category: SysCategoryTable;
    sys_user_setting: SysUserSettingTable;
  }
}

export type SysDataRule = Selectable<SysPermissionDataRuleTable>;
export type SysCategory = Selectable<SysCategoryTable>;
export type SysDepartRole = Selectable<SysDepartRoleTable>;
