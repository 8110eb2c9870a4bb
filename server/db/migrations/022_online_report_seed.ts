import { sql, type Kysely } from 'kysely';

type Item = [
  field: string,
  text: string,
  type: string,
  opts: { search?: 'single' | 'group'; order?: boolean; dict?: string; show?: boolean },
];

interface ReportSeed {
  id: string;
  code: string;
  name: string;
  sql: string;
  /** empty = every role holding online:report:data */
  roles: string;
  items: Item[];
  params: Array<[name: string, text: string, value: string]>;
}

/** The reports behind the popup demo: users (staff only) and departments (any signed-in role). */
const REPORTS: ReportSeed[] = [
  {
    id: 'rpt_user',
    code: 'report_user',
    name: '用户选择',
    sql: 'select id, username, realname, sex, phone, org_code, create_time from sys_user where del_flag = 0',
    roles: 'xypj_staff',
    items: [
      ['id', 'ID', 'String', { show: false }],
      ['username', '用户账号', 'String', { search: 'single', order: true }],
      ['realname', '用户姓名', 'String', { search: 'single', order: true }],
      ['sex', '性别', 'Integer', { search: 'single', dict: 'sex' }],
      ['phone', '手机号码', 'String', {}],
      ['org_code', '部门编码', 'String', { dict: 'sys_depart,depart_name,org_code' }],
      ['create_time', '创建时间', 'Datetime', { search: 'group', order: true }],
    ],
    params: [],
  },
  {
    id: 'rpt_depart',
    code: 'report_depart',
    name: '部门选择',
    sql: "select id, depart_name, org_code, org_category, parent_id, depart_order from sys_depart where del_flag = '0' and (${parentId} = '' or parent_id = ${parentId})",
    roles: '',
    items: [
      ['id', 'ID', 'String', { show: false }],
      ['depart_name', '部门名称', 'String', { search: 'single', order: true }],
      ['org_code', '机构编码', 'String', { search: 'single', order: true }],
      ['org_category', '机构类型', 'String', { search: 'single', dict: 'org_category' }],
      ['parent_id', '上级部门', 'String', { dict: 'sys_depart,depart_name,id' }],
      ['depart_order', '排序', 'Integer', { search: 'group', order: true }],
    ],
    params: [['parentId', '上级部门ID', '']],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date();
  for (const r of REPORTS) {
    await sql`insert into onl_cgreport_head (id, code, name, cgr_sql, db_source, role_codes, del_flag, create_by, create_time)
      values (${r.id}, ${r.code}, ${r.name}, ${r.sql}, ${'local'}, ${r.roles}, 0, ${'system'}, ${now})`.execute(db);
    let order = 0;
    for (const [field, text, type, o] of r.items) {
      order += 1;
      await sql`insert into onl_cgreport_item (id, cgrhead_id, field_name, field_txt, field_width, field_type, search_mode,
          is_order, is_search, dict_code, is_show, order_num, create_by, create_time)
        values (${`${r.id}_${field}`.slice(0, 32)}, ${r.id}, ${field}, ${text}, ${120}, ${type}, ${o.search ?? null},
          ${o.order ? 1 : 0}, ${o.search ? 1 : 0}, ${o.dict ?? null}, ${o.show === false ? 0 : 1}, ${order}, ${'system'}, ${now})`.execute(
        db,
      );
    }
    order = 0;
    for (const [name, text, value] of r.params) {
      order += 1;
      await sql`insert into onl_cgreport_param (id, cgrhead_id, param_name, param_txt, param_value, order_num, create_by, create_time)
        values (${`${r.id}_p_${name}`.slice(0, 32)}, ${r.id}, ${name}, ${text}, ${value}, ${order}, ${'system'}, ${now})`.execute(db);
    }
  }
}
