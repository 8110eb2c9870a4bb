import type { ColumnType, Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

/**
 * Table types of the system core. Other modules add their tables by declaration merging:
 *
 *   declare module '../../db/types' { interface Database { xypj_batch: BatchTable } }
 */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** audit columns filled by the server (create_by, create_time, update_by, update_time) */
export interface AuditColumns {
  create_by: string | null;
  create_time: NullableTimestamp;
  update_by: string | null;
  update_time: NullableTimestamp;
}

export interface SysConfigTable {
  config_key: string;
  config_value: string;
  update_time: Timestamp;
}

export interface SysUserTable extends AuditColumns {
  id: string;
  username: string;
  realname: string | null;
  password: string;
  salt: string | null;
  avatar: string | null;
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  sex: number | null;
  email: string | null;
  phone: string | null;
  org_code: string | null;
  status: number;
  del_flag: number;
  third_id: string | null;
  third_type: string | null;
  activiti_sync: number | null;
  work_no: string | null;
  post: string | null;
  telephone: string | null;
  user_identity: number | null;
  depart_ids: string | null;
  rel_tenant_ids: string | null;
  client_id: string | null;
}

export interface SysRoleTable extends AuditColumns {
  id: string;
  role_name: string;
  role_code: string;
  description: string | null;
}

export interface SysUserRoleTable {
  id: string;
  user_id: string;
  role_id: string;
}

export interface SysPermissionTable extends AuditColumns {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number;
  perms: string | null;
  perms_type: string | null;
  sort_no: number;
  always_show: number;
  icon: string | null;
  is_route: number;
  is_leaf: number;
  keep_alive: number;
  hidden: number;
  hide_tab: number;
  description: string | null;
  del_flag: number;
  rule_flag: number;
  status: string | null;
  internal_or_external: number;
}

export interface SysRolePermissionTable {
  id: string;
  role_id: string;
  permission_id: string;
  data_rule_ids: string | null;
  operate_date: NullableTimestamp;
  operate_ip: string | null;
}

export interface SysDepartTable extends AuditColumns {
  id: string;
  parent_id: string | null;
  depart_name: string;
  depart_name_en: string | null;
  depart_name_abbr: string | null;
  depart_order: number | null;
  description: string | null;
  org_category: string | null;
  org_type: string | null;
  org_code: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string | null;
  del_flag: string | null;
  qywx_identifier: string | null;
}

export interface SysUserDepartTable {
  id: string;
  user_id: string;
  dep_id: string;
}

export interface SysDictTable extends AuditColumns {
  id: string;
  dict_name: string;
  dict_code: string;
  description: string | null;
  del_flag: number;
  type: number;
}

export interface SysDictItemTable extends AuditColumns {
  id: string;
  dict_id: string;
  item_text: string;
  item_value: string;
  description: string | null;
  sort_order: number;
  status: number;
}

export interface SysTenantTable {
  id: number;
  name: string;
  create_time: NullableTimestamp;
  create_by: string | null;
  begin_date: NullableTimestamp;
  end_date: NullableTimestamp;
  status: number;
}

export interface SysDataLogTable {
  id: string;
  data_table: string;
  data_id: string;
  data_version: number;
  data_content: string;
  create_by: string | null;
  create_time: Date;
  update_by: string | null;
  update_time: Date | null;
}

export interface SysLogTable extends AuditColumns {
  id: string;
  log_type: number;
  log_content: string | null;
  operate_type: number | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  request_url: string | null;
  request_param: string | null;
  request_type: string | null;
  cost_time: number | null;
}

export interface SysUserTokenTable {
  id: string;
  token_hash: string;
  user_id: string;
  username: string;
  ip: string | null;
  create_time: Timestamp;
  expire_time: Timestamp;
  last_used_time: Timestamp;
}

export interface SysCaptchaTable {
  check_key: string;
  /** lower-case answer; read by browser tests, never sent to a client */
  answer: string;
  expire_time: Timestamp;
}

export interface SysLoginAttemptTable {
  username: string;
  fail_count: number;
  last_fail_time: Timestamp;
  locked_until: NullableTimestamp;
}

export interface SysSmsCodeTable {
  id: string;
  mobile: string;
  mode: string;
  code_hash: string;
  attempts: number;
  expire_time: Timestamp;
  create_time: Timestamp;
}

export interface SysSmsOutboxTable {
  id: string;
  mobile: string;
  template_code: string;
  content: string;
  create_time: Timestamp;
  provider: Generated<string>;
  status: Generated<string>;
  result: string | null;
}

export interface SysSeedAppliedTable {
  seed_key: string;
  applied_time: Timestamp;
}

export interface Database {
  sys_config: SysConfigTable;
  sys_user: SysUserTable;
  sys_role: SysRoleTable;
  sys_user_role: SysUserRoleTable;
  sys_permission: SysPermissionTable;
  sys_role_permission: SysRolePermissionTable;
  sys_depart: SysDepartTable;
  sys_user_depart: SysUserDepartTable;
  sys_dict: SysDictTable;
  sys_dict_item: SysDictItemTable;
  sys_tenant: SysTenantTable;
  sys_log: SysLogTable;
  sys_data_log: SysDataLogTable;
  sys_user_token: SysUserTokenTable;
  sys_captcha: SysCaptchaTable;
  sys_login_attempt: SysLoginAttemptTable;
  sys_sms_code: SysSmsCodeTable;
  sys_sms_outbox: SysSmsOutboxTable;
  sys_seed_applied: SysSeedAppliedTable;
}

export type Db = Kysely<Database>;
export type SysUser = Selectable<SysUserTable>;
export type NewSysUser = Insertable<SysUserTable>;
export type SysUserUpdate = Updateable<SysUserTable>;
export type SysDepart = Selectable<SysDepartTable>;
export type SysPermission = Selectable<SysPermissionTable>;
export type SysTenant = Selectable<SysTenantTable>;
export type { Generated };
