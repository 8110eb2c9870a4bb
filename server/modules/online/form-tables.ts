import type { AuditColumns, Generated } from '../../db/types';

/** Row types of the online form tables (migration 080_online_form); columns with a default are optional on insert. */
export interface OnlCgformHeadTable extends AuditColumns {
  id: string;
  table_name: string;
  table_type: Generated<number>;
  table_version: Generated<number>;
  table_txt: string;
  is_checkbox: Generated<string>;
  is_db_synch: Generated<string>;
  is_page: Generated<string>;
  is_tree: Generated<string>;
  id_type: Generated<string>;
  query_mode: Generated<string>;
  relation_type: number | null;
  sub_table_str: string | null;
  tab_order_num: number | null;
  tree_parent_id_field: string | null;
  tree_id_field: string | null;
  tree_fieldname: string | null;
  form_category: Generated<string>;
  form_template: Generated<string>;
  theme_template: Generated<string>;
  scroll: Generated<number>;
  copy_type: Generated<number>;
  copy_version: number | null;
  physic_id: string | null;
  ext_config_json: string | null;
  synced_json: string | null;
  del_flag: Generated<number>;
}

export interface OnlCgformFieldTable extends AuditColumns {
  id: string;
  cgform_head_id: string;
  db_field_name: string;
  db_field_txt: string | null;
  db_field_name_old: string | null;
  db_is_key: Generated<number>;
  db_is_null: Generated<number>;
  db_type: Generated<string>;
  db_length: Generated<number>;
  db_point_length: number | null;
  db_default_val: string | null;
  dict_field: string | null;
  dict_table: string | null;
  dict_text: string | null;
  field_show_type: Generated<string>;
  field_href: string | null;
  field_length: number | null;
  field_valid_type: string | null;
  field_must_input: Generated<string>;
  field_extend_json: string | null;
  field_default_value: string | null;
  is_query: Generated<number>;
  is_show_form: Generated<number>;
  is_show_list: Generated<number>;
  is_read_only: Generated<number>;
  is_unique: Generated<number>;
  query_mode: Generated<string>;
  main_table: string | null;
  main_field: string | null;
  order_num: Generated<number>;
  sort_flag: Generated<string>;
}

export interface OnlCgformIndexTable extends AuditColumns {
  id: string;
  cgform_head_id: string;
  index_name: string;
  index_field: string;
  index_type: Generated<string>;
  is_db_synch: Generated<string>;
  del_flag: Generated<number>;
}

export interface OnlCgformButtonTable extends AuditColumns {
  id: string;
  cgform_head_id: string;
  button_code: string;
  button_name: string;
  button_icon: string | null;
  button_style: Generated<string>;
  opt_type: Generated<string>;
  opt_position: Generated<string>;
  action_name: string | null;
  exp: string | null;
  button_status: Generated<string>;
  order_num: Generated<number>;
}

export interface OnlAuthPageTable extends AuditColumns {
  id: string;
  cgform_id: string;
  code: string;
  type: number;
  control: Generated<number>;
  status: Generated<number>;
}

export interface OnlAuthDataTable extends AuditColumns {
  id: string;
  cgform_id: string;
  rule_name: string;
  rule_column: string | null;
  rule_operator: string | null;
  rule_value: string | null;
  status: Generated<number>;
}

export interface OnlAuthRelationTable extends AuditColumns {
  id: string;
  role_id: string;
  auth_id: string;
  type: number;
  cgform_id: string;
}

declare module '../../db/types' {
  interface Database {
    onl_cgform_head: OnlCgformHeadTable;
    onl_cgform_field: OnlCgformFieldTable;
    onl_cgform_index: OnlCgformIndexTable;
    onl_cgform_button: OnlCgformButtonTable;
    onl_auth_page: OnlAuthPageTable;
    onl_auth_data: OnlAuthDataTable;
    onl_auth_relation: OnlAuthRelationTable;
  }
}
