import { sql, type Kysely } from 'kysely';

const AUDIT = `create_by varchar(100), create_time timestamptz, update_by varchar(100), update_time timestamptz`;

/** Tables of core administration: data rules, department permissions and roles, categories, user settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table sys_permission_data_rule (
      id varchar(32) primary key,
      permission_id varchar(32) not null,
      rule_name varchar(50) not null,
      rule_column varchar(50),
      rule_conditions varchar(50) not null,
      rule_value varchar(300) not null,
      status varchar(3) not null default '1',
      ${AUDIT})`,
    `create index idx_sys_permission_data_rule_perm on sys_permission_data_rule (permission_id)`,
    `create table sys_depart_permission (
      id varchar(32) primary key,
      depart_id varchar(32) not null,
      permission_id varchar(32) not null,
      data_rule_ids varchar(1000))`,
    `create unique index uniq_sys_depart_permission on sys_depart_permission (depart_id, permission_id)`,
    `create table sys_depart_role (
      id varchar(32) primary key,
      depart_id varchar(32) not null,
      role_name varchar(200) not null,
      role_code varchar(100) not null,
      description varchar(255),
      ${AUDIT})`,
    `create index idx_sys_depart_role_depart on sys_depart_role (depart_id)`,
    `create table sys_depart_role_user (
      id varchar(32) primary key,
      user_id varchar(32) not null,
      drole_id varchar(32) not null)`,
    `create unique index uniq_sys_depart_role_user on sys_depart_role_user (user_id, drole_id)`,
    `create table sys_depart_role_permission (
      id varchar(32) primary key,
      depart_id varchar(32) not null,
      role_id varchar(32) not null,
      permission_id varchar(32) not null,
      data_rule_ids varchar(1000),
      operate_date timestamptz,
      operate_ip varchar(100))`,
    `create unique index uniq_sys_depart_role_permission on sys_depart_role_permission (role_id, permission_id)`,
    `create table sys_category (
      id varchar(36) primary key,
      pid varchar(36) not null default '0',
      name varchar(100) not null,
      code varchar(100) not null,
      sys_org_code varchar(64),
      has_child varchar(3) not null default '0',
      ${AUDIT})`,
    `create unique index uniq_sys_category_code on sys_category (code)`,
    `create index idx_sys_category_pid on sys_category (pid)`,
    `create table sys_user_setting (
      user_id varchar(32) primary key,
      notification text not null,
      update_time timestamptz not null)`,
    `create unique index uniq_sys_user_role_pair on sys_user_role (user_id, role_id)`,
    `create unique index uniq_sys_user_depart_pair on sys_user_depart (user_id, dep_id)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
