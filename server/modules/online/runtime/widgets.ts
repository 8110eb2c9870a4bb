import type { FieldRow } from './definition';
import { dictCodeOf } from './definition';
import { parseLinkDown } from '../link-down';

export type Json = Record<string, unknown>;

/** The Formily component, its props and the value type of a field. */
export interface Widget {
  component: string;
  props: Json;
  type: string;
}

const plain = (component: string, props: Json = {}): Widget => ({ component, props, type: 'string' });

/** Show types that need a value from elsewhere (a dictionary, a report, a tree): without it, the column's own input. */
function sourcedWidget(f: FieldRow, forQuery: boolean, choose: string): Widget | undefined {
  const dict = dictCodeOf(f);
  const tableDict = f.dict_table && f.dict_text && f.dict_field ? `${f.dict_table},${f.dict_text},${f.dict_field}` : undefined;
  switch (f.field_show_type) {
    case 'list':
    case 'link_down':
      return dict ? plain('JDictSelectTag', { dictCode: dict, type: 'list', placeholder: choose }) : undefined;
    case 'radio':
      return dict ? plain('JDictSelectTag', { dictCode: dict, type: forQuery ? 'list' : 'radio', placeholder: choose }) : undefined;
    case 'checkbox':
    case 'list_multi': {
      const type = forQuery || f.field_show_type === 'list_multi' ? 'list_multi' : 'checkbox';
      return dict ? plain('JMultiSelectTag', { dictCode: dict, type, placeholder: choose }) : undefined;
    }
    case 'sel_search':
      return dict ? plain('JSearchSelectTag', { dict, placeholder: choose }) : undefined;
    case 'popup':
      return tableDict
        ? plain('JPopup', {
            code: f.dict_table,
            field: f.db_field_name,
            orgFields: f.dict_field,
            destFields: f.dict_text,
            placeholder: choose,
          })
        : undefined;
    case 'sel_tree':
      return tableDict ? plain('JTreeSelect', { dict: tableDict, pidField: 'pid', pidValue: '0', placeholder: choose }) : undefined;
    default:
      return undefined;
  }
}

/** Editors of the add/edit form that the query form replaces by the column's own input. */
const FORM_ONLY: Record<string, (enter: string) => Widget> = {
  password: (enter) => plain('Password', { placeholder: enter }),
  textarea: (enter) => plain('TextArea', { placeholder: enter }),
  file: () => plain('JUpload', { bizPath: 'temp' }),
  image: () => plain('JImageUpload', { bizPath: 'temp' }),
  markdown: () => plain('JMarkdownEditor'),
  umeditor: () => plain('JEditor'),
};

/**
 * The widget the designer's field_show_type asks for, or undefined when the show type asks for nothing beyond the
 * column itself ('text', or a dictionary widget without its dictionary): the page derivation then gives the input
 * of the column's type and dictionary, as it does for an entity column.
 */
export function widgetOf(f: FieldRow, forQuery = false, linked?: Json): Widget | undefined {
  const label = f.db_field_txt || f.db_field_name;
  const choose = `请选择${label}`;
  if (linked) return plain('JLinkedSelect', { ...linked, placeholder: choose });
  const formOnly = FORM_ONLY[f.field_show_type];
  if (formOnly) return forQuery ? undefined : formOnly(`请输入${label}`);
  switch (f.field_show_type) {
    case 'switch':
      return forQuery ? plain('JDictSelectTag', { dictCode: 'yn', type: 'list' }) : plain('JSwitch');
    case 'date':
      return plain('DatePicker', { placeholder: choose });
    case 'datetime':
      return plain('DateTimePicker', { placeholder: choose });
    case 'time':
      return plain('TimePicker', { placeholder: choose });
    case 'cat_tree':
      return plain('JCategorySelect', { pcode: f.dict_field || '0', placeholder: choose });
    case 'sel_user':
      return plain('JSelectUserByDep', { multi: true });
    case 'sel_depart':
      return plain('JSelectDepart', { multi: true });
    case 'pca':
      return plain('JAreaLinkage', { type: 'cascader' });
    default:
      return sourcedWidget(f, forQuery, choose);
  }
}

/** The editable grid's cell type for a sub-table column. */
export function cellTypeOf(f: FieldRow, field: { type: string } | undefined): Json {
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
