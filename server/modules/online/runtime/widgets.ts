import type { EntityField } from '../../entity/definitions';
import type { FieldRow } from './definition';
import { dictCodeOf } from './definition';
import { parseLinkDown } from '../link-down';

export type Json = Record<string, unknown>;

/** A Formily field of the add/edit form or the query form: the widget for the designer's field_show_type. */
export function widgetOf(
  f: FieldRow,
  field: EntityField | undefined,
  forQuery = false,
  linked?: Json,
): { component: string; props: Json; type: string } {
  const label = f.db_field_txt || f.db_field_name;
  const dict = dictCodeOf(f);
  const choose = `请选择${label}`;
  if (linked) return { component: 'JLinkedSelect', props: { ...linked, placeholder: choose }, type: 'string' };
  const enter = `请输入${label}`;
  const numeric = field?.type === 'int' || field?.type === 'decimal';
  const tableDict = f.dict_table && f.dict_text && f.dict_field ? `${f.dict_table},${f.dict_text},${f.dict_field}` : undefined;
  switch (f.field_show_type) {
    case 'password':
      return { component: forQuery ? 'Input' : 'Password', props: { placeholder: enter }, type: 'string' };
    case 'textarea':
      return { component: forQuery ? 'Input' : 'TextArea', props: { placeholder: enter }, type: 'string' };
    case 'list':
    case 'link_down':
      return dict
        ? { component: 'JDictSelectTag', props: { dictCode: dict, type: 'list', placeholder: choose }, type: 'string' }
        : { component: 'Input', props: { placeholder: enter }, type: 'string' };
    case 'radio':
      return dict
        ? { component: 'JDictSelectTag', props: { dictCode: dict, type: forQuery ? 'list' : 'radio', placeholder: choose }, type: 'string' }
        : { component: 'Input', props: {}, type: 'string' };
    case 'checkbox':
    case 'list_multi':
      return dict
        ? {
            component: 'JMultiSelectTag',
            props: {
              dictCode: dict,
              type: forQuery || f.field_show_type === 'list_multi' ? 'list_multi' : 'checkbox',
              placeholder: choose,
            },
            type: 'string',
          }
        : { component: 'Input', props: {}, type: 'string' };
    case 'switch':
      return {
        component: forQuery ? 'JDictSelectTag' : 'JSwitch',
        props: forQuery ? { dictCode: 'yn', type: 'list' } : {},
        type: 'string',
      };
    case 'date':
      return { component: 'DatePicker', props: { placeholder: choose }, type: 'string' };
    case 'datetime':
      return { component: 'DateTimePicker', props: { placeholder: choose }, type: 'string' };
    case 'time':
      return { component: 'TimePicker', props: { placeholder: choose }, type: 'string' };
    case 'file':
      return forQuery
        ? { component: 'Input', props: {}, type: 'string' }
        : { component: 'JUpload', props: { bizPath: 'temp' }, type: 'string' };
    case 'image':
      return forQuery
        ? { component: 'Input', props: {}, type: 'string' }
        : { component: 'JImageUpload', props: { bizPath: 'temp' }, type: 'string' };
    case 'sel_search':
      return dict
        ? { component: 'JSearchSelectTag', props: { dict, placeholder: choose }, type: 'string' }
        : { component: 'Input', props: {}, type: 'string' };
    case 'popup':
      return tableDict
        ? {
            component: 'JPopup',
            props: { code: f.dict_table, field: f.db_field_name, orgFields: f.dict_field, destFields: f.dict_text, placeholder: choose },
            type: 'string',
          }
        : { component: 'Input', props: { placeholder: enter }, type: 'string' };
    case 'sel_tree':
      return tableDict
        ? { component: 'JTreeSelect', props: { dict: tableDict, pidField: 'pid', pidValue: '0', placeholder: choose }, type: 'string' }
        : { component: 'Input', props: {}, type: 'string' };
    case 'cat_tree':
      return { component: 'JCategorySelect', props: { pcode: f.dict_field || '0', placeholder: choose }, type: 'string' };
    case 'sel_user':
      return { component: 'JSelectUserByDep', props: { multi: true }, type: 'string' };
    case 'sel_depart':
      return { component: 'JSelectDepart', props: { multi: true }, type: 'string' };
    case 'pca':
      return { component: 'JAreaLinkage', props: { type: 'cascader' }, type: 'string' };
    case 'markdown':
      return forQuery ? { component: 'Input', props: {}, type: 'string' } : { component: 'JMarkdownEditor', props: {}, type: 'string' };
    case 'umeditor':
      return forQuery ? { component: 'Input', props: {}, type: 'string' } : { component: 'JEditor', props: {}, type: 'string' };
    default:
      if (dict) return { component: 'JDictSelectTag', props: { dictCode: dict, type: 'list', placeholder: choose }, type: 'string' };
      if (numeric)
        return {
          component: 'NumberPicker',
          props: {
            placeholder: enter,
            ...(field?.type === 'int' ? { precision: 0 } : field?.scale !== undefined ? { precision: field.scale } : {}),
          },
          type: 'number',
        };
      return { component: 'Input', props: { placeholder: enter }, type: 'string' };
  }
}

/** The editable grid's cell type for a sub-table column. */
export function cellTypeOf(f: FieldRow, field: EntityField | undefined): Json {
  const dict = dictCodeOf(f);
  const numeric = field?.type === 'int' || field?.type === 'decimal';
  switch (f.field_show_type) {
    case 'list':
    case 'radio':
      return dict ? { type: 'select', dictCode: dict } : { type: 'input' };
    case 'checkbox':
    case 'list_multi':
      return dict ? { type: 'list_multi', dictCode: dict } : { type: 'input' };
    case 'sel_search':
      return dict ? { type: 'sel_search', dictCode: dict } : { type: 'input' };
    case 'popup':
      return f.dict_table && f.dict_field && f.dict_text
        ? { type: 'popup', popupCode: f.dict_table, orgFields: f.dict_field, destFields: f.dict_text }
        : { type: 'input' };
    case 'date':
    case 'datetime':
    case 'time':
    case 'textarea':
    case 'file':
    case 'image':
    case 'sel_user':
    case 'sel_depart':
      return { type: f.field_show_type };
    default:
      if (dict) return { type: 'select', dictCode: dict };
      return { type: numeric ? 'inputNumber' : 'input' };
  }
}

/** What the contract's clients call `view` (getQueryInfo, getFormItem): the show type, text by default. */
export function viewOf(f: FieldRow): string {
  return f.field_show_type || 'text';
}

/**
 * The linked selects of a form, by field name: each link_down field selects a root row of its tree table, each
 * field its linkField names selects a child of the field before it (JLinkedSelect's props).
 */
export function linkedSelects(fields: readonly FieldRow[]): Map<string, Json> {
  const out = new Map<string, Json>();
  for (const f of fields) {
    if (f.field_show_type !== 'link_down') continue;
    const cfg = parseLinkDown(f.dict_table);
    if ('error' in cfg) continue;
    const base = { dict: `${cfg.table},${cfg.txt},${cfg.key}`, pidField: cfg.pidField };
    let parent = f.db_field_name;
    out.set(parent, { ...base, pidValue: cfg.pidValue });
    for (const name of cfg.linkFields) {
      out.set(name, { ...base, parentField: parent });
      parent = name;
    }
  }
  return out;
}

/**
 * The linked selects of a sub table's grid: each linked column becomes a select naming the column below it in its
 * chain (`linkageKey`), and each chain's top column a linkage over the tree table (`linkageConfig`).
 */
export function gridLinkage(fields: readonly FieldRow[]): { cells: Map<string, Json>; linkageConfig: Json[] } {
  const cells = new Map<string, Json>();
  const linkageConfig: Json[] = [];
  for (const [name, cfg] of linkedSelects(fields)) {
    cells.set(name, { ...cells.get(name), type: 'select' });
    if (typeof cfg.parentField === 'string')
      cells.set(cfg.parentField, { ...cells.get(cfg.parentField), type: 'select', linkageKey: name });
    else linkageConfig.push({ key: name, treeDict: { dict: cfg.dict, pidField: cfg.pidField, pidValue: cfg.pidValue } });
  }
  return { cells, linkageConfig };
}
