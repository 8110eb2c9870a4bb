import { describe, expect, it } from 'vitest';
import { derivePage, type Json } from '@contract/pages/derive';
import type { EntitySchema } from '@contract/schema-types.gen';
import { buildDefinition, type FieldRow, type HeadRow } from '../../../server/modules/online/runtime/definition';
import {
  onlineColumn,
  onlineFields,
  onlineFormField,
  onlineQuery,
  onlineSuperQueryField,
} from '../../../server/modules/online/runtime/page-fields';

/** The same five columns written as an entity file … */
const entity: EntitySchema = {
  $schema: '../_meta/entity.schema.json',
  table: 'demo_visit',
  label: '来访登记',
  apiBase: '/demo/visit',
  permissionPrefix: 'demo:visit',
  columns: [
    {
      name: 'phone',
      label: '手机',
      type: 'string',
      length: 20,
      required: true,
      unique: true,
      pattern: '^1[3-9]\\d{9}$',
      patternMessage: '手机：请输入正确的手机号码',
    },
    { name: 'code', label: '编号', type: 'string', length: 30, pattern: '^[A-Z]+\\d*$' },
    { name: 'sex', label: '性别', type: 'string', length: 32, dictCode: 'sex', default: '1' },
    { name: 'amount', label: '金额', type: 'decimal', precision: 10, scale: 2, min: 0, max: 10000 },
    { name: 'visited', label: '来访日期', type: 'date' },
    { name: 'note', label: '说明', type: 'text' },
  ],
};

/** … and as the rows the online form designer stores. */
const row = (name: string, txt: string, extra: Partial<FieldRow>): FieldRow =>
  ({
    id: `f_${name}`,
    cgform_head_id: 'h_visit',
    db_field_name: name,
    db_field_txt: txt,
    db_type: 'string',
    db_length: 32,
    db_point_length: null,
    db_is_null: 1,
    db_is_key: 0,
    db_default_val: null,
    field_show_type: 'text',
    field_must_input: '0',
    field_valid_type: null,
    field_extend_json: null,
    field_default_value: null,
    field_length: null,
    field_href: null,
    dict_field: null,
    dict_table: null,
    dict_text: null,
    main_table: null,
    main_field: null,
    is_show_form: 1,
    is_show_list: 1,
    is_query: 1,
    is_read_only: 0,
    is_unique: 0,
    query_mode: 'single',
    sort_flag: '0',
    order_num: 0,
    ...extra,
  }) as FieldRow;

const rows: FieldRow[] = [
  row('phone', '手机', { db_length: 20, field_must_input: '1', field_valid_type: 'm', is_unique: 1 }),
  row('code', '编号', { db_length: 30, field_valid_type: '^[A-Z]+\\d*$' }),
  row('sex', '性别', { dict_field: 'sex', field_default_value: '1' }),
  row('amount', '金额', { db_type: 'BigDecimal', db_length: 10, db_point_length: 2, field_extend_json: '{"min":0,"max":10000}' }),
  row('visited', '来访日期', { db_type: 'Date', field_show_type: 'date' }),
  row('note', '说明', { db_type: 'Text' }),
];
const head = { id: 'h_visit', table_name: 'demo_visit', table_txt: '来访登记', is_db_synch: 'Y' } as HeadRow;

const names = entity.columns.map((c) => c.name);

describe('one page derivation for entity pages and online forms', () => {
  const entityPage = derivePage(
    { kind: 'list', entity: 'demo_visit', query: { properties: Object.fromEntries(names.map((n) => [n, {}])) } },
    entity,
  );
  const def = buildDefinition(head, rows);
  const fields = onlineFields({ head, fields: rows, def, subs: [] }, def);
  const byName = new Map(fields.map((f) => [f.row.db_field_name, f]));

  it('gives the same add/edit form field: widget, required, default, length, pattern, range and duplicate check', () => {
    const form = (entityPage.form as { schema: { properties: Json } }).schema.properties;
    for (const name of names) expect([name, onlineFormField(byName.get(name)!, def.table)]).toEqual([name, form[name]]);
    expect(form.phone).toMatchObject({
      required: true,
      'x-validator': [
        { maxLength: 20, message: '手机长度不能超过20个字符' },
        { pattern: '^1[3-9]\\d{9}$', message: '手机：请输入正确的手机号码' },
        { duplicateCheck: { tableName: 'demo_visit', fieldName: 'phone' } },
      ],
    });
    expect(form.amount).toMatchObject({
      'x-component-props': { precision: 2 },
      'x-validator': [
        { min: 0, message: '金额不能小于0' },
        { max: 10000, message: '金额不能大于10000' },
      ],
    });
  });

  it('gives the same list column, query field and advanced-query field', () => {
    const columns = entityPage.columns as Json[];
    const query = (entityPage.query as { properties: Json }).properties;
    const superQuery = (entityPage.superQuery as { fields: Json[] }).fields;
    const onlineQueryFields = (onlineQuery(fields, new Map()) as { properties: Json }).properties;
    for (const [i, name] of names.entries()) {
      const field = byName.get(name)!;
      expect([name, onlineColumn(field)]).toEqual([name, name === 'note' ? { ...columns[i], ellipsis: true } : columns[i]]);
      expect([name, onlineQueryFields[name]]).toEqual([name, query[name]]);
      expect([name, onlineSuperQueryField(field)]).toEqual([name, superQuery[i]]);
    }
    expect(columns[2]).toEqual({ dataIndex: 'sex', title: '性别', component: 'Select', props: { dictCode: 'sex' } });
    expect(superQuery[2]).toEqual({ value: 'sex', text: '性别', type: 'list', dictCode: 'sex' });
  });

  it('lays the designer’s show type over the derived field, keeping its rules', () => {
    const radio = row('sex', '性别', { dict_field: 'sex', field_show_type: 'radio', is_read_only: 1 });
    const d = buildDefinition(head, [radio]);
    const [field] = onlineFields({ head, fields: [radio], def: d, subs: [] }, d);
    expect(onlineFormField(field!, d.table)).toEqual({
      type: 'string',
      title: '性别',
      'x-decorator': 'FormItem',
      'x-component': 'JDictSelectTag',
      'x-component-props': { dictCode: 'sex', type: 'radio', placeholder: '请选择性别' },
      'x-read-pretty': true,
    });
  });
});
