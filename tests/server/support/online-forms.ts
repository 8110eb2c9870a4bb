import { sql } from 'kysely';
import type { Db } from '../../../server/db/types';

/**
 * Online form metadata written the way the designer writes it, plus the physical tables (as its
 * 同步数据库 would create them): t_order (main, one-to-many) with t_order_item, and t_note (single).
 * Menus of both are granted to `roleId`.
 */
export const FORMS = { order: 'f_t_order', item: 'f_t_order_item', note: 'f_t_note', cat: 'f_t_cat' };

const audit = () => ({ create_by: 'admin', create_time: new Date(), update_by: null, update_time: null });

type FieldSpec = {
  name: string;
  txt: string;
  type?: string;
  length?: number;
  point?: number;
  show?: string;
  dict?: string;
  /** dict_table: a table dictionary's table, a popup's report code or a 联动组件's JSON configuration */
  dictTable?: string;
  query?: boolean;
  group?: boolean;
  required?: boolean;
  list?: boolean;
  form?: boolean;
  mainTable?: string;
};

export async function addHead(db: Db, id: string, table: string, txt: string, extra: Record<string, unknown> = {}): Promise<void> {
  await db
    .insertInto('onl_cgform_head')
    .values({ id, table_name: table, table_txt: txt, is_db_synch: 'Y', ...audit(), update_time: new Date(), ...extra })
    .execute();
}

export async function addFields(db: Db, headId: string, fields: FieldSpec[]): Promise<void> {
  const standard: FieldSpec[] = [{ name: 'id', txt: '主键', length: 36, list: false, form: false }];
  let n = 0;
  for (const f of [...standard, ...fields]) {
    await db
      .insertInto('onl_cgform_field')
      .values({
        id: `${headId}_${f.name}`,
        cgform_head_id: headId,
        db_field_name: f.name,
        db_field_txt: f.txt,
        db_field_name_old: null,
        db_is_key: f.name === 'id' ? 1 : 0,
        db_is_null: 1,
        db_type: f.type ?? 'string',
        db_length: f.length ?? 50,
        db_point_length: f.point ?? null,
        db_default_val: null,
        dict_field: f.dict ?? null,
        dict_table: f.dictTable ?? null,
        dict_text: null,
        field_show_type: f.show ?? 'text',
        field_href: null,
        field_length: null,
        field_valid_type: null,
        field_must_input: f.required ? '1' : '0',
        field_extend_json: null,
        field_default_value: null,
        is_query: f.query ? 1 : 0,
        is_show_form: f.form === false ? 0 : 1,
        is_show_list: f.list === false ? 0 : 1,
        is_read_only: 0,
        is_unique: 0,
        query_mode: f.group ? 'group' : 'single',
        main_table: f.mainTable ?? null,
        main_field: f.mainTable ? 'id' : null,
        order_num: n++,
        sort_flag: '0',
        ...audit(),
      })
      .execute();
  }
}

const STANDARD = `id varchar(36) primary key, create_by varchar(50), create_time timestamp, update_by varchar(50), update_time timestamp, sys_org_code varchar(64)`;

export async function grantMenu(db: Db, id: string, name: string, url: string, roleId: string): Promise<void> {
  await db
    .insertInto('sys_permission')
    .values({
      id,
      parent_id: null,
      name,
      url,
      component: 'modules/online/cgform/auto/OnlCgformAutoList',
      component_name: null,
      redirect: null,
      menu_type: 1,
      perms: null,
      perms_type: '1',
      sort_no: 99,
      always_show: 0,
      icon: null,
      is_route: 1,
      is_leaf: 1,
      keep_alive: 0,
      hidden: 0,
      hide_tab: 0,
      description: null,
      del_flag: 0,
      rule_flag: 0,
      status: '1',
      internal_or_external: 0,
      ...audit(),
    })
    .execute();
  await db
    .insertInto('sys_role_permission')
    .values({ id: `rp_${id}`, role_id: roleId, permission_id: id, data_rule_ids: null, operate_date: null, operate_ip: null })
    .execute();
}

export async function seedOnlineForms(db: Db, roleId: string): Promise<void> {
  await sql
    .raw(
      `create table t_order (${STANDARD}, order_code varchar(50), order_date date, amount numeric(10,2), buyer_sex varchar(10), remark text)`,
    )
    .execute(db);
  await sql.raw(`create table t_order_item (${STANDARD}, order_id varchar(36), item_name varchar(50), qty integer)`).execute(db);
  await sql.raw(`create table t_note (${STANDARD}, title varchar(100), secret varchar(100))`).execute(db);

  await addHead(db, FORMS.order, 't_order', '测试订单', { table_type: 2, sub_table_str: 't_order_item', form_template: '2' });
  await addFields(db, FORMS.order, [
    { name: 'order_code', txt: '订单号', required: true, query: true },
    { name: 'order_date', txt: '订单日期', type: 'Date', show: 'date', query: true, group: true },
    { name: 'amount', txt: '金额', type: 'BigDecimal', length: 10, point: 2, query: true, group: true },
    { name: 'buyer_sex', txt: '买家性别', show: 'list', dict: 'sex', query: true },
    { name: 'remark', txt: '备注', type: 'Text', show: 'textarea' },
  ]);
  await addHead(db, FORMS.item, 't_order_item', '订单明细', { table_type: 3, relation_type: 0 });
  await addFields(db, FORMS.item, [
    { name: 'order_id', txt: '订单', length: 36, mainTable: 't_order', list: false, form: false },
    { name: 'item_name', txt: '品名', required: true },
    { name: 'qty', txt: '数量', type: 'int' },
  ]);
  await addHead(db, FORMS.note, 't_note', '测试便签');
  await addFields(db, FORMS.note, [
    { name: 'title', txt: '标题', required: true, query: true, length: 100 },
    { name: 'secret', txt: '机密', length: 100 },
  ]);

  await sql.raw(`create table t_cat (${STANDARD}, pid varchar(36), has_child varchar(3), cat_name varchar(50))`).execute(db);
  await addHead(db, FORMS.cat, 't_cat', '测试分类', {
    is_tree: 'Y',
    tree_parent_id_field: 'pid',
    tree_id_field: 'has_child',
    tree_fieldname: 'cat_name',
  });
  await addFields(db, FORMS.cat, [
    { name: 'cat_name', txt: '分类名称', required: true, query: true },
    { name: 'pid', txt: '上级', length: 36, list: false },
    { name: 'has_child', txt: '有下级', length: 3, list: false, form: false },
  ]);

  await grantMenu(db, 'm_t_order', '测试订单', `/online/cgformList/${FORMS.order}`, roleId);
  await grantMenu(db, 'm_t_note', '测试便签', '/online/cgformList/t_note', roleId);
  await grantMenu(db, 'm_t_cat', '测试分类', `/online/cgformTreeList/${FORMS.cat}`, roleId);
}
