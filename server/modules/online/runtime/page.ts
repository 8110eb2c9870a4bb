import type { EntityDefinition } from '../../entity/definitions';
import type { OnlineForm } from './definition';
import type { Opened } from './opened';
import { onlineColumn, onlineFields, onlineFormField, onlineQuery, onlineSuperQueryField, type OnlineField } from './page-fields';
import { cellTypeOf, gridLinkage, linkedSelects, type Json } from './widgets';

/** A custom button the page shows: its registered server action runs through doButton. */
export interface PageButton {
  code: string;
  name: string;
  /** 'link' = a link in the row's 操作 column, else a toolbar button acting on the selected rows */
  style: string;
}

function buttonAction(formId: string, b: PageButton, row: boolean): Json {
  return {
    key: `btn_${b.code}`,
    text: b.name,
    ...(row ? {} : { selection: 'some' }),
    confirm: `确定执行“${b.name}”吗？`,
    request: {
      method: 'post',
      url: '/online/cgform/api/doButton',
      body: { formId, buttonCode: b.code, dataId: row ? '{{ $record.id }}' : "{{ $selection.keys.join(',') }}" },
    },
  };
}

/** The grid cell rules of a column: required, and the column's pattern as the server checks it. */
function cellRules({ column }: OnlineField): Json[] {
  const rules: Json[] = [];
  if (column.required) rules.push({ required: true, message: '${title}不能为空' });
  if (column.pattern) rules.push({ pattern: column.pattern, message: column.patternMessage ?? `${column.label}格式不正确` });
  return rules;
}

/** The editable grid of a sub table in the record's form: its columns and, when it has linked selects, their linkage. */
function gridProps(sub: OnlineForm, def: EntityDefinition): Json {
  const { cells, linkageConfig } = gridLinkage(sub.fields);
  const columns = onlineFields(sub, def)
    .filter(({ row }) => row.is_show_form === 1)
    .map((field) => {
      const { row, column } = field;
      const rules = cellRules(field);
      return {
        key: row.db_field_name,
        title: column.label,
        width: row.field_length || 160,
        ...cellTypeOf(row, column),
        ...cells.get(row.db_field_name),
        ...(rules.length ? { validateRules: rules } : {}),
        ...(column.default !== undefined && column.default !== null ? { defaultValue: column.default } : {}),
      };
    });
  return {
    columns,
    ...(linkageConfig.length ? { linkageConfig } : {}),
    rowKey: 'id',
    toolbar: true,
    rowNumber: true,
    rowSelection: true,
    maxHeight: 300,
  };
}

const titleOf = (form: OnlineForm) => form.head.table_txt || form.head.table_name;
const NO_COLUMNS = [{ dataIndex: 'id', title: '主键' }];

/** The convention urls of the form's list page, each standard one only when the caller may use it. */
function pageUrls(o: Opened, can: (code: string) => boolean, isTree: boolean): Json {
  const base = `/online/cgform/api/crud/${o.form.head.id}`;
  return {
    list: `${base}/list`,
    queryById: `${base}/queryById`,
    ...(can('add') ? { add: `${base}/add` } : {}),
    ...(can('update') ? { edit: `${base}/edit` } : {}),
    ...(can('delete') ? { delete: `${base}/delete` } : {}),
    ...(can('batch_delete') ? { deleteBatch: `${base}/deleteBatch` } : {}),
    ...(can('export') ? { exportXls: `${base}/exportXls` } : {}),
    ...(can('import') ? { importExcel: `${base}/importExcel` } : {}),
    ...(isTree ? { childList: `${base}/childList` } : {}),
  };
}

/** The toolbar and row actions: the standard ones the caller may use, then the custom buttons. */
function pageActions(o: Opened, can: (code: string) => boolean, url: Json, buttons: PageButton[]): Json {
  const head = o.form.head;
  const toolbarButtons = buttons.filter((b) => b.style !== 'link');
  const rowButtons = buttons.filter((b) => b.style === 'link');
  return {
    toolbar: {
      add: can('add') && !!url.add,
      import: can('import'),
      export: can('export'),
      batchDelete: can('batch_delete') && head.is_checkbox !== 'N',
      superQuery: can('super_query'),
      ...(toolbarButtons.length ? { actions: toolbarButtons.map((b) => buttonAction(head.id, b, false)) } : {}),
    },
    rowActions: {
      edit: can('update'),
      detail: can('detail'),
      delete: can('delete'),
      ...(rowButtons.length ? { actions: rowButtons.map((b) => buttonAction(head.id, b, true)) } : {}),
    },
  };
}

/** The add/edit form: the shown fields in the designer's columns, the sub tables as editable grids. */
function pageForm(o: Opened, fields: readonly OnlineField[], linked: ReadonlyMap<string, Json>, theme: string): Json {
  const { form, def } = o;
  const properties: Json = {};
  for (const field of fields) {
    if (field.row.is_show_form === 1)
      properties[field.row.db_field_name] = onlineFormField(field, def.table, linked.get(field.row.db_field_name));
  }
  const template = Number(form.head.form_template);
  const columns = template >= 1 && template <= 4 ? template : 1;
  const subTables = form.subs.map((sub, i) => {
    const link = def.subTables[i]!;
    return {
      key: link.property,
      title: titleOf(sub),
      component: 'EditableGrid',
      props: gridProps(sub, link.entity),
      listUrl: `/online/cgform/api/crud/${form.head.id}/subList/${link.property}`,
    };
  });
  return {
    container: 'modal',
    width: subTables.length ? 1200 : columns > 1 ? 1000 : 800,
    grid: { maxColumns: columns, labelCol: columns > 1 ? 6 : 5, wrapperCol: 16 },
    schema: { type: 'object', properties },
    ...(subTables.length ? { subTables } : {}),
    ...(theme === 'tab' ? { mainTab: titleOf(form) } : {}),
  };
}

/** The sub rows shown below the list (erp) or in a row's expander (innerTable). */
function pageSubLists(o: Opened): Json[] {
  return o.form.subs.map((sub, i) => {
    const link = o.def.subTables[i]!;
    const columns = onlineFields(sub, link.entity)
      .filter(({ row }) => row.is_show_list === 1)
      .map((field) => onlineColumn(field));
    return {
      key: link.property,
      title: titleOf(sub),
      listUrl: `/online/cgform/api/crud/${o.form.head.id}/subList/${link.property}`,
      columns: columns.length ? columns : NO_COLUMNS,
    };
  });
}

/** The renderer's list page for the form, its actions cut to the caller's button authorisations. */
export function pageSchema(o: Opened, buttons: PageButton[] = []): Json {
  const { form, def, auth } = o;
  const head = form.head;
  const can = (code: string) => !auth.hiddenButtons.has(code);
  const fields = onlineFields(form, def);
  const isTree = head.is_tree === 'Y' && !!head.tree_parent_id_field;
  const url = pageUrls(o, can, isTree);
  const linked = linkedSelects(form.fields);
  const listColumns = fields
    .filter(({ row }) => row.is_show_list === 1)
    .map((field) => onlineColumn(field, linked.get(field.row.db_field_name)));
  // Themes of a main form: normal = sub tables in the form's tabs; tab = the main fields in a first tab too;
  // erp = a clicked row's sub rows in tabs below the list; innerTable = each row expands to its sub rows.
  const theme = form.subs.length && !isTree ? head.theme_template : 'normal';
  const subLists = theme === 'erp' || theme === 'innerTable' ? pageSubLists(o) : [];
  const variant = isTree ? 'treeTable' : subLists.length ? theme : form.subs.length ? 'masterDetail' : 'table';
  return {
    $schema: '../_meta/page.schema.json',
    kind: 'list',
    title: titleOf(form),
    variant,
    rowKey: 'id',
    url,
    defaultSort: { column: 'create_time', order: 'desc' },
    ...(head.is_page === 'N' ? { pageSize: 1000 } : {}),
    query: onlineQuery(fields, linked),
    columns: listColumns.length ? listColumns : NO_COLUMNS,
    ...pageActions(o, can, url, buttons),
    form: pageForm(o, fields, linked, theme),
    superQuery: { fields: fields.map(onlineSuperQueryField) },
    exportFileName: titleOf(form),
    ...(subLists.length ? { subLists } : {}),
    ...(isTree
      ? { tree: { parentKey: head.tree_parent_id_field, hasChildrenField: head.tree_id_field || 'has_child', rootValue: '0' } }
      : {}),
  };
}

/** A single record's form (/online/df/{table}/{id}) with its sub tables: loads the record, saves it with PUT (or adds it when id is "add"). */
export function formPageSchema(o: Opened, id: string): Json {
  const list = pageSchema(o);
  const form = list.form as Json;
  const base = `/online/cgform/api/crud/${o.form.head.id}`;
  const adding = id === 'add';
  const canSave = adding ? !o.auth.hiddenButtons.has('add') : !o.auth.hiddenButtons.has('update');
  return {
    $schema: '../_meta/page.schema.json',
    kind: 'form',
    title: o.form.head.table_txt || o.form.head.table_name,
    url: {
      ...(adding ? {} : { load: `${base}/queryById?id=${encodeURIComponent(id)}` }),
      ...(canSave ? { submit: `${base}/${adding ? 'add' : 'edit'}` } : {}),
    },
    method: adding ? 'post' : 'put',
    submitText: '保存',
    grid: form.grid,
    schema: form.schema,
    ...(form.subTables ? { subTables: form.subTables } : {}),
  };
}
