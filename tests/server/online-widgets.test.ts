import { describe, expect, it } from 'vitest';
import type { FieldRow } from '../../server/modules/online/runtime/definition';
import { isBizFolder } from '../../server/modules/files/storage';
import { cellTypeOf, widgetOf } from '../../server/modules/online/runtime/widgets';

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
    expect(widgetOf(popup, undefined)).toEqual({
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
      const { bizPath } = widgetOf(row({ field_show_type: show }), undefined).props as { bizPath: string };
      expect(isBizFolder(bizPath)).toBe(true);
    }
  });
});
