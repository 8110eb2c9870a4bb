import type { EntityDefinition, EntityField } from '../../entity/definitions';
import { findTableDict } from '../../lookup/registry';
import { dictCodeOf, type FieldRow, type OnlineForm } from './definition';
import type { FormAuth } from './access';
import { cellTypeOf, gridLinkage, linkedSelects, widgetOf, type Json } from './widgets';

interface Opened {
  form: OnlineForm;
  auth: FormAuth;
  def: EntityDefinition;
}

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

const SUPER_TYPES: Record<string, string> = { int: 'int', bigint: 'int', decimal: 'number', date: 'date', datetime: 'datetime' };

function visibleFields(form: OnlineForm, def: EntityDefinition): Array<{ f: FieldRow; field: EntityField }> {
  const byName = new Map(def.fields.map((f) => [f.property, f]));
  return form.fields.flatMap((f) => {
    const field = byName.get(f.db_field_name);
    return field && f.db_field_name !== form.foreignKey ? [{ f, field }] : [];
  });
}

function formField(f: FieldRow, field: EntityField, table: string, linked: Map<string, Json>): Json {
  const w = widgetOf(f, field, false, linked.get(f.db_field_name));
  const out: Json = {
    type: w.type,
    title: field.label,
    'x-decorator': 'FormItem',
    'x-component': w.component,
    'x-component-props': w.props,
  };
  if (field.required) out.required = true;
  if (field.default !== undefined && field.default !== null) out.default = field.default;
  if (f.is_read_only === 1) out['x-read-pretty'] = true;
  const rules: Json[] = [];
  if ((field.type === 'string' || field.type === 'text') && !dictCodeOf(f) && field.length !== undefined)
    rules.push({ maxLength: field.length, message: `${field.label}长度不能超过${field.length}个字符` });
  if (field.rules.pattern)
    rules.push({ pattern: field.rules.pattern.source, message: field.rules.patternMessage ?? `${field.label}格式不正确` });
  if (field.unique) rules.push({ duplicateCheck: { tableName: table, fieldName: field.column } });
  if (rules.length) out['x-validator'] = rules;
  return out;
}

function queryFields(form: OnlineForm, def: EntityDefinition, linked: Map<string, Json>): Json {
  const properties: Json = {};
  for (const { f, field } of visibleFields(form, def)) {
    if (f.is_query !== 1) continue;
    const w = widgetOf(f, field, true, f.query_mode === 'group' ? undefined : linked.get(f.db_field_name));
    const base = { 'x-decorator': 'FormItem', 'x-component': w.component, 'x-component-props': w.props };
    if (f.query_mode === 'group') {
      if (field.type === 'date' || field.type === 'datetime') {
        properties[`[${f.db_field_name}_begin,${f.db_field_name}_end]`] = {
          type: 'array',
          title: field.label,
          'x-decorator': 'FormItem',
          'x-component': 'AdminDateRange',
        };
      } else {
        properties[`${f.db_field_name}_begin`] = {
          ...base,
          type: w.type,
          title: `${field.label}起`,
          'x-component-props': { ...w.props, placeholder: '开始' },
        };
        properties[`${f.db_field_name}_end`] = {
          ...base,
          type: w.type,
          title: `${field.label}止`,
          'x-component-props': { ...w.props, placeholder: '结束' },
        };
      }
    } else {
      properties[f.db_field_name] = { ...base, type: w.type, title: field.label };
    }
  }
  return { type: 'object', properties };
}

function column(f: FieldRow, field: EntityField, linked?: Json): Json {
  const out: Json = { dataIndex: f.db_field_name, title: field.label };
  if (f.field_length) out.width = f.field_length;
  if (f.sort_flag === '1') out.sorter = true;
  const linkedDict = typeof linked?.dict === 'string' && findTableDict(linked.dict) ? linked.dict : undefined;
  const dict = linkedDict ?? dictCodeOf(f);
  if (dict) {
    out.component = 'Select';
    out.props = { dictCode: dict };
  } else if (f.field_show_type === 'image') {
    out.component = 'Image';
  } else if (f.field_show_type === 'file') {
    out.component = 'File';
  } else if (field.type === 'text' || f.field_show_type === 'umeditor' || f.field_show_type === 'markdown') {
    out.ellipsis = true;
  }
  return out;
}

/** The editable grid of a sub table in the record's form: its columns and, when it has linked selects, their linkage. */
function gridProps(sub: OnlineForm, def: EntityDefinition): Json {
  const { cells, linkageConfig } = gridLinkage(sub.fields);
  const columns = visibleFields(sub, def)
    .filter(({ f }) => f.is_show_form === 1)
    .map(({ f, field }) => ({
      key: f.db_field_name,
      title: field.label,
      width: f.field_length || 160,
      ...cellTypeOf(f, field),
      ...cells.get(f.db_field_name),
      ...(field.required ? { validateRules: [{ required: true, message: '${title}不能为空' }] } : {}),
      ...(field.default !== undefined && field.default !== null ? { defaultValue: field.default } : {}),
    }));
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

/** The renderer's list page for the form, its actions cut to the caller's button authorisations. */
export function pageSchema(o: Opened, buttons: PageButton[] = []): Json {
  const { form, def, auth } = o;
  const head = form.head;
  const base = `/online/cgform/api/crud/${head.id}`;
  const can = (code: string) => !auth.hiddenButtons.has(code);
  const fields = visibleFields(form, def);
  const isTree = head.is_tree === 'Y' && !!head.tree_parent_id_field;
  const url: Json = {
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
  const linked = linkedSelects(form.fields);
  const properties: Json = {};
  for (const { f, field } of fields) if (f.is_show_form === 1) properties[f.db_field_name] = formField(f, field, def.table, linked);
  const columns = Number(head.form_template) >= 1 && Number(head.form_template) <= 4 ? Number(head.form_template) : 1;
  const subTables = form.subs.map((sub, i) => {
    const link = def.subTables[i]!;
    return {
      key: link.property,
      title: sub.head.table_txt || sub.head.table_name,
      component: 'EditableGrid',
      props: gridProps(sub, link.entity),
      listUrl: `${base}/subList/${link.property}`,
    };
  });
  const listColumns = fields.filter(({ f }) => f.is_show_list === 1).map(({ f, field }) => column(f, field, linked.get(f.db_field_name)));
  // Themes of a main form: normal = sub tables in the form's tabs; tab = the main fields in a first tab too;
  // erp = a clicked row's sub rows in tabs below the list; innerTable = each row expands to its sub rows.
  const theme = subTables.length && !isTree ? head.theme_template : 'normal';
  const subLists =
    theme === 'erp' || theme === 'innerTable'
      ? form.subs.map((sub, i) => {
          const link = def.subTables[i]!;
          const cols = visibleFields(sub, link.entity)
            .filter(({ f }) => f.is_show_list === 1)
            .map(({ f, field }) => column(f, field));
          return {
            key: link.property,
            title: sub.head.table_txt || sub.head.table_name,
            listUrl: `${base}/subList/${link.property}`,
            columns: cols.length ? cols : [{ dataIndex: 'id', title: '主键' }],
          };
        })
      : [];
  const variant = isTree ? 'treeTable' : theme === 'erp' || theme === 'innerTable' ? theme : subTables.length ? 'masterDetail' : 'table';
  const page: Json = {
    $schema: '../_meta/page.schema.json',
    kind: 'list',
    title: head.table_txt || head.table_name,
    variant,
    rowKey: 'id',
    url,
    defaultSort: { column: 'create_time', order: 'desc' },
    ...(head.is_page === 'N' ? { pageSize: 1000 } : {}),
    query: queryFields(form, def, linked),
    columns: listColumns.length ? listColumns : [{ dataIndex: 'id', title: '主键' }],
    toolbar: {
      add: can('add') && !!url.add,
      import: can('import'),
      export: can('export'),
      batchDelete: can('batch_delete') && head.is_checkbox !== 'N',
      superQuery: can('super_query'),
      ...(buttons.some((b) => b.style !== 'link')
        ? { actions: buttons.filter((b) => b.style !== 'link').map((b) => buttonAction(head.id, b, false)) }
        : {}),
    },
    rowActions: {
      edit: can('update'),
      detail: can('detail'),
      delete: can('delete'),
      ...(buttons.some((b) => b.style === 'link')
        ? { actions: buttons.filter((b) => b.style === 'link').map((b) => buttonAction(head.id, b, true)) }
        : {}),
    },
    form: {
      container: 'modal',
      width: subTables.length ? 1200 : columns > 1 ? 1000 : 800,
      grid: { maxColumns: columns, labelCol: columns > 1 ? 6 : 5, wrapperCol: columns > 1 ? 16 : 16 },
      schema: { type: 'object', properties },
      ...(subTables.length ? { subTables } : {}),
      ...(theme === 'tab' ? { mainTab: head.table_txt || head.table_name } : {}),
    },
    superQuery: {
      fields: fields.map(({ f, field }) => {
        const dict = dictCodeOf(f);
        return dict
          ? { value: f.db_field_name, text: field.label, type: 'list', dictCode: dict }
          : { value: f.db_field_name, text: field.label, type: SUPER_TYPES[field.type] ?? 'string' };
      }),
    },
    exportFileName: head.table_txt || head.table_name,
    ...(subLists.length ? { subLists } : {}),
    ...(isTree
      ? { tree: { parentKey: head.tree_parent_id_field, hasChildrenField: head.tree_id_field || 'has_child', rootValue: '0' } }
      : {}),
  };
  return page;
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
