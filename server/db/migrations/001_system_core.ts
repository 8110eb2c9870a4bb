import { sql, type Kysely } from 'kysely';

const AUDIT = `create_by varchar(100), create_time timestamptz, update_by varchar(100), update_time timestamptz`;

/** configuration, users, roles and their links */
const USERS_AND_ROLES = [
  `create table sys_config (
      config_key varchar(100) primary key,
      config_value text not null,
      update_time timestamptz not null default now())`,
  `create table sys_user (
      id varchar(32) primary key,
      username varchar(100) not null,
      realname varchar(100),
      password varchar(255) not null,
      salt varchar(45),
      avatar varchar(255),
      birthday date,
      sex smallint,
      email varchar(45),
      phone varchar(45),
      org_code varchar(64),
      status smallint not null default 1,
      del_flag smallint not null default 0,
      third_id varchar(100),
      third_type varchar(100),
      activiti_sync smallint,
      work_no varchar(100),
      post varchar(100),
      telephone varchar(45),
      user_identity smallint,
      depart_ids text,
      rel_tenant_ids varchar(100),
      client_id varchar(64),
      ${AUDIT})`,
  `create unique index uniq_sys_user_username on sys_user (username)`,
  `create unique index uniq_sys_user_work_no on sys_user (work_no)`,
  `create unique index uniq_sys_user_phone on sys_user (phone)`,
  `create unique index uniq_sys_user_email on sys_user (email)`,
  `create table sys_role (
      id varchar(32) primary key,
      role_name varchar(200) not null,
      role_code varchar(100) not null,
      description varchar(255),
      ${AUDIT})`,
  `create unique index uniq_sys_role_role_code on sys_role (role_code)`,
  `create table sys_user_role (
      id varchar(32) primary key,
      user_id varchar(32) not null,
      role_id varchar(32) not null)`,
  `create index idx_sys_user_role_user on sys_user_role (user_id)`,
];

/** menus and permissions, departments */
const PERMISSIONS_AND_DEPARTS = [
  `create table sys_permission (
      id varchar(32) primary key,
      parent_id varchar(32),
      name varchar(100) not null,
      url varchar(255),
      component varchar(255),
      component_name varchar(100),
      redirect varchar(255),
      menu_type integer not null default 0,
      perms varchar(255),
      perms_type varchar(10) default '0',
      sort_no double precision not null default 0,
      always_show smallint not null default 0,
      icon varchar(100),
      is_route smallint not null default 1,
      is_leaf smallint not null default 1,
      keep_alive smallint not null default 0,
      hidden smallint not null default 0,
      hide_tab smallint not null default 0,
      description varchar(255),
      del_flag integer not null default 0,
      rule_flag integer not null default 0,
      status varchar(2) default '1',
      internal_or_external smallint not null default 0,
      ${AUDIT})`,
  `create index idx_sys_permission_parent on sys_permission (parent_id)`,
  `create table sys_role_permission (
      id varchar(32) primary key,
      role_id varchar(32) not null,
      permission_id varchar(32) not null,
      data_rule_ids varchar(1000),
      operate_date timestamptz,
      operate_ip varchar(100))`,
  `create unique index uniq_sys_role_permission on sys_role_permission (role_id, permission_id)`,
  `create table sys_depart (
      id varchar(32) primary key,
      parent_id varchar(32),
      depart_name varchar(100) not null,
      depart_name_en varchar(500),
      depart_name_abbr varchar(500),
      depart_order integer default 0,
      description varchar(500),
      org_category varchar(10) default '1',
      org_type varchar(10),
      org_code varchar(64) not null,
      mobile varchar(32),
      fax varchar(32),
      address varchar(100),
      memo varchar(500),
      status varchar(1) default '1',
      del_flag varchar(1) default '0',
      qywx_identifier varchar(100),
      ${AUDIT})`,
  `create unique index uniq_sys_depart_org_code on sys_depart (org_code)`,
  `create table sys_user_depart (
      id varchar(32) primary key,
      user_id varchar(32) not null,
      dep_id varchar(32) not null)`,
  `create index idx_sys_user_depart_user on sys_user_depart (user_id)`,
];

/** dictionaries and tenants */
const DICTS_AND_TENANTS = [
  `create table sys_dict (
      id varchar(32) primary key,
      dict_name varchar(100) not null,
      dict_code varchar(100) not null,
      description varchar(255),
      del_flag integer not null default 0,
      type integer not null default 0,
      ${AUDIT})`,
  `create unique index uniq_sys_dict_dict_code on sys_dict (dict_code)`,
  `create table sys_dict_item (
      id varchar(32) primary key,
      dict_id varchar(32) not null,
      item_text varchar(100) not null,
      item_value varchar(100) not null,
      description varchar(255),
      sort_order integer not null default 1,
      status integer not null default 1,
      ${AUDIT})`,
  `create index idx_sys_dict_item_dict on sys_dict_item (dict_id)`,
  `create table sys_tenant (
      id integer primary key,
      name varchar(100) not null,
      create_time timestamptz,
      create_by varchar(100),
      begin_date timestamptz,
      end_date timestamptz,
      status integer not null default 1)`,
];

/** operation log, tokens, captchas, sign-in attempts, SMS codes and outbox, applied seeds */
const LOGS_AND_SIGN_IN = [
  `create table sys_log (
      id varchar(32) primary key,
      log_type integer not null,
      log_content varchar(1000),
      operate_type integer,
      userid varchar(32),
      username varchar(100),
      ip varchar(100),
      method varchar(500),
      request_url varchar(255),
      request_param text,
      request_type varchar(10),
      cost_time bigint,
      ${AUDIT})`,
  `create index idx_sys_log_type_time on sys_log (log_type, create_time)`,
  `create table sys_user_token (
      id varchar(32) primary key,
      token_hash varchar(128) not null,
      user_id varchar(32) not null,
      username varchar(100) not null,
      ip varchar(100),
      create_time timestamptz not null,
      expire_time timestamptz not null,
      last_used_time timestamptz not null)`,
  `create unique index uniq_sys_user_token_hash on sys_user_token (token_hash)`,
  `create index idx_sys_user_token_user on sys_user_token (user_id)`,
  `create table sys_captcha (
      check_key varchar(64) primary key,
      answer varchar(16) not null,
      expire_time timestamptz not null)`,
  `create table sys_login_attempt (
      username varchar(100) primary key,
      fail_count integer not null default 0,
      last_fail_time timestamptz not null,
      locked_until timestamptz)`,
  `create table sys_sms_code (
      id varchar(32) primary key,
      mobile varchar(32) not null,
      mode varchar(2) not null,
      code_hash varchar(128) not null,
      attempts integer not null default 0,
      expire_time timestamptz not null,
      create_time timestamptz not null)`,
  `create index idx_sys_sms_code_mobile on sys_sms_code (mobile, mode)`,
  `create table sys_sms_outbox (
      id varchar(32) primary key,
      mobile varchar(32) not null,
      template_code varchar(64) not null,
      content text not null,
      create_time timestamptz not null)`,
  `create table sys_seed_applied (
      seed_key varchar(200) primary key,
      applied_time timestamptz not null default now())`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...USERS_AND_ROLES, ...PERMISSIONS_AND_DEPARTS, ...DICTS_AND_TENANTS, ...LOGS_AND_SIGN_IN])
    await sql.raw(statement).execute(db);
}
