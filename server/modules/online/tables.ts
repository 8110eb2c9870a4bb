import type { AuditColumns, Db } from '../../db/types';

export interface OnlCgreportHeadTable extends AuditColumns {
  id: string;
  code: string;
  name: string;
  cgr_sql: string;
  return_val_field: string | null;
  return_txt_field: string | null;
  return_type: string | null;
  db_source: string | null;
  content: string | null;
  /** comma role codes allowed to run the report; empty = every role holding online:report:data */
  role_codes: string | null;
  del_flag: number;
  /** bar | line | pie | null (no chart) */
  chart_type: string | null;
  /** the category column of the chart */
  chart_x: string | null;
  /** comma list of the value columns of the chart */
  chart_y: string | null;
}

export interface OnlCgreportItemTable extends AuditColumns {
  id: string;
  cgrhead_id: string;
  field_name: string;
  field_txt: string | null;
  field_width: number | null;
  /** String, Integer, Long, Double, BigDecimal, Date, Datetime */
  field_type: string;
  /** single | group */
  search_mode: string | null;
  is_order: number;
  is_search: number;
  dict_code: string | null;
  field_href: string | null;
  is_show: number;
  order_num: number;
  replace_val: string | null;
  is_total: string | null;
  group_title: string | null;
}

export interface OnlCgreportParamTable extends AuditColumns {
  id: string;
  cgrhead_id: string;
  param_name: string;
  param_txt: string | null;
  param_value: string | null;
  order_num: number;
}

declare module '../../db/types' {
  interface Database {
    onl_cgreport_head: OnlCgreportHeadTable;
    onl_cgreport_item: OnlCgreportItemTable;
    onl_cgreport_param: OnlCgreportParamTable;
  }
}

export type ReportHead = Pick<
  OnlCgreportHeadTable,
  'id' | 'code' | 'name' | 'cgr_sql' | 'db_source' | 'role_codes' | 'chart_type' | 'chart_x' | 'chart_y'
>;
export type ReportItem = Pick<
  OnlCgreportItemTable,
  | 'field_name'
  | 'field_txt'
  | 'field_width'
  | 'field_type'
  | 'search_mode'
  | 'is_order'
  | 'is_search'
  | 'dict_code'
  | 'field_href'
  | 'is_show'
  | 'is_total'
  | 'group_title'
>;
export type ReportParam = Pick<OnlCgreportParamTable, 'param_name' | 'param_txt' | 'param_value'>;

export interface ReportConfig {
  head: ReportHead;
  items: ReportItem[];
  params: ReportParam[];
}

/** Result column names a report may filter and sort on; anything else is ignored. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** A report named by id or code (the popup uses the code first, then the id it was given). */
export async function loadReport(db: Db, idOrCode: string): Promise<ReportConfig | null> {
  const head = await db
    .selectFrom('onl_cgreport_head')
    .select(['id', 'code', 'name', 'cgr_sql', 'db_source', 'role_codes', 'chart_type', 'chart_x', 'chart_y'])
    .where('del_flag', '=', 0)
    .where((eb) => eb.or([eb('id', '=', idOrCode), eb('code', '=', idOrCode)]))
    .orderBy((eb) => eb.case().when('id', '=', idOrCode).then(0).else(1).end())
    .executeTakeFirst();
  if (!head) return null;
  const items = await db
    .selectFrom('onl_cgreport_item')
    .select([
      'field_name',
      'field_txt',
      'field_width',
      'field_type',
      'search_mode',
      'is_order',
      'is_search',
      'dict_code',
      'field_href',
      'is_show',
      'is_total',
      'group_title',
    ])
    .where('cgrhead_id', '=', head.id)
    .orderBy('order_num')
    .orderBy('field_name')
    .execute();
  const params = await db
    .selectFrom('onl_cgreport_param')
    .select(['param_name', 'param_txt', 'param_value'])
    .where('cgrhead_id', '=', head.id)
    .orderBy('order_num')
    .execute();
  return { head, items: items.filter((i) => FIELD_NAME.test(i.field_name)), params };
}
