import { describe, expect, it } from 'vitest';
import type { FieldRow } from '../../server/modules/online/runtime/definition';
import { isBizFolder } from '../../server/modules/files/storage';
import { parseLinkDown } from '../../server/modules/online/link-down';
import { cellTypeOf, gridLinkage, linkedSelects, widgetOf } from '../../server/modules/online/runtime/widgets';

/** A designer field row with only what the widget mapping reads. */
const row = (extra: Partial<FieldRow>): FieldRow =>
  ({
    db_field_name: 'depart_name',
    db_field_txt: '来访部门',
    field_show_type: 'text',
    dict_field: null,
    dict_table: null,
    dict_text: null,
    ...extra,
  }) as FieldRow;

describe('online form widget mapping', () => {
  const popup = row({
    field_show_type: 'popup',
    dict_table: 'e2e_depts',
    dict_field: 'depart_name,org_code',
    dict_text: 'depart_name,depart_code',
  });

  it('a Popup field of the form: report code from 字典Table, report columns from 字典Code into the fields of 字典Text', () => {
    expect(widgetOf(popup)).toEqual({
      component: 'JPopup',
      props: {
        code: 'e2e_depts',
        field: 'depart_name',
        orgFields: 'depart_name,org_code',
        destFields: 'depart_name,depart_code',
        placeholder: '请选择来访部门',
      },
      type: 'string',
    });
  });

  it('a Popup field of a sub table becomes the grid popup cell with the same mapping', () => {
    expect(cellTypeOf(popup, undefined)).toEqual({
      type: 'popup',
      popupCode: 'e2e_depts',
      orgFields: 'depart_name,org_code',
      destFields: 'depart_name,depart_code',
    });
    expect(cellTypeOf(row({ field_show_type: 'popup', dict_table: 'e2e_depts' }), undefined)).toEqual({ type: 'input' });
  });

  it('file and image fields upload to a folder the upload route allows', () => {
    for (const show of ['file', 'image']) {
      const { bizPath } = widgetOf(row({ field_show_type: show }))!.props as { bizPath: string };
      expect(isBizFolder(bizPath)).toBe(true);
    }
  });

  it('a 联动组件 field and the fields its linkField names become a chain of linked selects over the tree table', () => {
    const config = { table: 'sys_category', txt: 'name', key: 'id', pidField: 'pid', condition: "pid = '0'", linkField: 'city,area' };
    const fields = [
      row({ db_field_name: 'province', field_show_type: 'link_down', dict_table: JSON.stringify(config) }),
      row({ db_field_name: 'city' }),
      row({ db_field_name: 'area' }),
    ];
    const linked = linkedSelects(fields);
    const base = { dict: 'sys_category,name,id', pidField: 'pid' };
    expect(Object.fromEntries(linked)).toEqual({
      province: { ...base, pidValue: '0' },
      city: { ...base, parentField: 'province' },
      area: { ...base, parentField: 'city' },
    });
    expect(widgetOf(fields[1]!, false, linked.get('city'))).toEqual({
      component: 'JLinkedSelect',
      props: { ...base, parentField: 'province', placeholder: '请选择来访部门' },
      type: 'string',
    });
  });

  it('in a sub table the same chain becomes grid selects, each naming the column below it, over one tree linkage', () => {
    const config = { table: 'sys_category', txt: 'name', key: 'id', pidField: 'pid', condition: "pid = '0'", linkField: 'city,area' };
    const { cells, linkageConfig } = gridLinkage([
      row({ db_field_name: 'province', field_show_type: 'link_down', dict_table: JSON.stringify(config) }),
      row({ db_field_name: 'city' }),
      row({ db_field_name: 'area' }),
      row({ db_field_name: 'note' }),
    ]);
    expect(Object.fromEntries(cells)).toEqual({
      province: { type: 'select', linkageKey: 'city' },
      city: { type: 'select', linkageKey: 'area' },
      area: { type: 'select' },
    });
    expect(linkageConfig).toEqual([{ key: 'province', treeDict: { dict: 'sys_category,name,id', pidField: 'pid', pidValue: '0' } }]);
  });

  it('a 联动组件 configuration names a registered tree table and its columns, and no SQL', () => {
    const error = (cfg: object | string) => {
      const parsed = parseLinkDown(typeof cfg === 'string' ? cfg : JSON.stringify(cfg));
      return 'error' in parsed ? parsed.error : '';
    };
    expect(error('not json')).toMatch(/^联动配置需要一个JSON对象/);
    expect(error({ table: 'sys_user', txt: 'realname', key: 'id', pidField: 'pid' })).toBe('联动配置的表“sys_user”不是登记过的树表');
    expect(error({ table: 'sys_category', txt: 'password', key: 'id' })).toBe(
      '联动配置的字段“password”不在树表“sys_category”的可查询字段中',
    );
    expect(error({ table: 'sys_category', txt: 'name', condition: "pid = '0' or 1=1" })).toBe(
      "联动配置的condition只支持“pid = '值'”的形式",
    );
    expect(error({ table: 'sys_category', txt: 'name', condition: "pid = '0'; drop table sys_user" })).toBe(
      "联动配置的condition只支持“pid = '值'”的形式",
    );
    expect(error({ table: 'sys_category', txt: 'name', linkField: 'city,x;y' })).toBe('联动配置的linkField“x;y”不是合法的字段名');
    expect(parseLinkDown(JSON.stringify({ table: 'sys_category', txt: 'name', pidValue: '0', linkField: 'city' }))).toEqual({
      table: 'sys_category',
      txt: 'name',
      key: 'id',
      pidField: 'pid',
      pidValue: '0',
      linkFields: ['city'],
    });
  });
});
