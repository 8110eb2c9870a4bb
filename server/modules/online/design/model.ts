/** What the form designer stores: names, types and the rows of the onl_cgform_* tables, as the designer sends and the server saves them. */
/** Table and column names of designed forms. */
export const NAME_PATTERN = /^[a-z][a-z0-9_]{1,49}$/;
/** Physical index names (PostgreSQL identifiers, checked again before any DDL). */
export const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;

export const DB_TYPES = ['string', 'int', 'double', 'BigDecimal', 'Date', 'Datetime', 'Text', 'Blob'] as const;
export type DbType = (typeof DB_TYPES)[number];

export const SHOW_TYPES = [
  'text',
  'password',
  'list',
  'radio',
  'checkbox',
  'switch',
  'date',
  'datetime',
  'time',
  'file',
  'image',
  'textarea',
  'list_multi',
  'sel_search',
  'popup',
  'sel_tree',
  'cat_tree',
  'sel_user',
  'sel_depart',
  'pca',
  'markdown',
  'umeditor',
  'link_down',
] as const;

/** PostgreSQL's reserved words and statement verbs: never a table or column name. */
export const SQL_KEYWORDS = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation column concurrently ' +
    'constraint create cross current_catalog current_date current_role current_schema current_time current_timestamp current_user default ' +
    'deferrable desc distinct do else end except false fetch for foreign freeze from full grant group having ilike in initially inner ' +
    'intersect into is isnull join lateral leading left like limit localtime localtimestamp natural not notnull null offset on only or ' +
    'order outer overlaps placing primary references returning right select session_user similar some symmetric system_user table ' +
    'tablesample then to trailing true union unique user using variadic verbose when where window with drop delete insert update alter ' +
    'truncate execute exec begin commit rollback'
  ).split(' '),
);

/** Columns every new form gets (JeecgBoot's standard columns). */
export const STANDARD_FIELDS: ReadonlyArray<FieldInput> = [
  { dbFieldName: 'id', dbFieldTxt: '主键', dbType: 'string', dbLength: 36, dbIsKey: 1, dbIsNull: 0, isShowForm: 0, isShowList: 0 },
  { dbFieldName: 'create_by', dbFieldTxt: '创建人', dbType: 'string', dbLength: 50, isShowForm: 0, isShowList: 0 },
  {
    dbFieldName: 'create_time',
    dbFieldTxt: '创建日期',
    dbType: 'Datetime',
    dbLength: 20,
    fieldShowType: 'datetime',
    isShowForm: 0,
    isShowList: 0,
  },
  { dbFieldName: 'update_by', dbFieldTxt: '更新人', dbType: 'string', dbLength: 50, isShowForm: 0, isShowList: 0 },
  {
    dbFieldName: 'update_time',
    dbFieldTxt: '更新日期',
    dbType: 'Datetime',
    dbLength: 20,
    fieldShowType: 'datetime',
    isShowForm: 0,
    isShowList: 0,
  },
  { dbFieldName: 'sys_org_code', dbFieldTxt: '所属部门', dbType: 'string', dbLength: 64, isShowForm: 0, isShowList: 0 },
];
export const STANDARD_NAMES = STANDARD_FIELDS.map((f) => f.dbFieldName as string);

export type Flag = number | string | boolean | null | undefined;

/** A field as the designer sends it (JeecgBoot names). */
export interface FieldInput {
  id?: string | null;
  dbFieldName?: string;
  dbFieldTxt?: string | null;
  dbFieldNameOld?: string | null;
  dbType?: string;
  dbLength?: number | string | null;
  dbPointLength?: number | string | null;
  dbIsNull?: Flag;
  dbIsKey?: Flag;
  dbDefaultVal?: string | null;
  isShowList?: Flag;
  isShowForm?: Flag;
  isQuery?: Flag;
  isReadOnly?: Flag;
  isUnique?: Flag;
  queryMode?: string | null;
  fieldShowType?: string | null;
  dictField?: string | null;
  dictTable?: string | null;
  dictText?: string | null;
  fieldValidType?: string | null;
  fieldMustInput?: Flag;
  sortFlag?: Flag;
  fieldHref?: string | null;
  fieldLength?: number | string | null;
  fieldExtendJson?: string | null;
  fieldDefaultValue?: string | null;
  mainTable?: string | null;
  mainField?: string | null;
  orderNum?: number | string | null;
}

export interface HeadInput {
  id?: string | null;
  tableName?: string;
  tableTxt?: string;
  tableType?: number | string;
  isCheckbox?: string;
  isPage?: string;
  isTree?: string;
  idType?: string;
  queryMode?: string;
  treeParentIdField?: string | null;
  treeIdField?: string | null;
  treeFieldname?: string | null;
  formTemplate?: string | number;
  themeTemplate?: string;
  relationType?: number | string | null;
  subTableStr?: string | null;
  tabOrderNum?: number | string | null;
  formCategory?: string | null;
  scroll?: number | string | null;
  extConfigJson?: string | null;
}

export interface IndexInput {
  id?: string | null;
  indexName?: string;
  indexField?: string;
  indexType?: string;
}

/** The checked field, as stored. */
export interface FieldRow {
  db_field_name: string;
  db_field_txt: string;
  db_field_name_old: string | null;
  db_type: DbType;
  db_length: number;
  db_point_length: number | null;
  db_is_null: number;
  db_is_key: number;
  db_default_val: string | null;
  is_show_list: number;
  is_show_form: number;
  is_query: number;
  is_read_only: number;
  is_unique: number;
  query_mode: string;
  field_show_type: string;
  dict_field: string | null;
  dict_table: string | null;
  dict_text: string | null;
  field_valid_type: string | null;
  field_must_input: string;
  sort_flag: string;
  field_href: string | null;
  field_length: number | null;
  field_extend_json: string | null;
  field_default_value: string | null;
  main_table: string | null;
  main_field: string | null;
  order_num: number;
}

export interface HeadRow {
  table_name: string;
  table_txt: string;
  table_type: number;
  is_checkbox: string;
  is_page: string;
  is_tree: string;
  id_type: string;
  query_mode: string;
  tree_parent_id_field: string | null;
  tree_id_field: string | null;
  tree_fieldname: string | null;
  form_template: string;
  theme_template: string;
  relation_type: number | null;
  sub_table_str: string | null;
  tab_order_num: number | null;
  form_category: string;
  scroll: number;
  ext_config_json: string | null;
}

export interface IndexRow {
  index_name: string;
  index_field: string;
  index_type: string;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** Standard columns missing from a new form's list are added (id first). */
export function withStandardFields(fields: FieldInput[]): FieldInput[] {
  const names = new Set(fields.map((f) => text(f.dbFieldName)));
  const missing = STANDARD_FIELDS.filter((s) => !names.has(s.dbFieldName as string));
  const id = missing.filter((s) => s.dbFieldName === 'id');
  const rest = missing.filter((s) => s.dbFieldName !== 'id');
  return [...id, ...fields, ...rest].map((f, i) => ({ ...f, orderNum: f.orderNum ?? i }));
}
