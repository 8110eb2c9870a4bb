import { sql, type Kysely } from 'kysely';

const AUDIT = `create_by varchar(100), create_time timestamptz, update_by varchar(100), update_time timestamptz`;

/** Online report configs: head with the administrator's SQL, its columns and its parameters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table onl_cgreport_head (
      id varchar(32) primary key,
      code varchar(100) not null,
      name varchar(100) not null,
      cgr_sql text not null,
      return_val_field varchar(100),
      return_txt_field varchar(100),
      return_type varchar(2),
      db_source varchar(100),
      content varchar(1000),
      role_codes varchar(500),
      del_flag integer not null default 0,
      ${AUDIT})`,
    `create unique index uniq_onl_cgreport_head_code on onl_cgreport_head (code)`,
    `create table onl_cgreport_item (
      id varchar(32) primary key,
      cgrhead_id varchar(32) not null,
      field_name varchar(100) not null,
      field_txt varchar(300),
      field_width integer,
      field_type varchar(10) not null default 'String',
      search_mode varchar(10),
      is_order integer not null default 0,
      is_search integer not null default 0,
      dict_code varchar(500),
      field_href varchar(120),
      is_show integer not null default 1,
      order_num integer not null default 0,
      replace_val varchar(200),
      is_total varchar(2),
      group_title varchar(50),
      ${AUDIT})`,
    `create index idx_onl_cgreport_item_head on onl_cgreport_item (cgrhead_id)`,
    `create table onl_cgreport_param (
      id varchar(32) primary key,
      cgrhead_id varchar(32) not null,
      param_name varchar(32) not null,
      param_txt varchar(32),
      param_value varchar(100),
      order_num integer not null default 0,
      ${AUDIT})`,
    `create index idx_onl_cgreport_param_head on onl_cgreport_param (cgrhead_id)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
