/**
 * The fields of an online form's page, made by the page derivation of entity pages: the form's definition carries
 * the entity JSON its designer rows translate to (buildDefinition), pageFields reads it as it reads an entity file,
 * and formField, queryField, listColumn and superQueryField give the same field schema an entity column with the
 * same rules gets. What only the designer can say (a show type's widget, read-only, list width and sorting, range
 * queries, linked selects) is laid over that.
 */
import type { EntityDefinition } from '../../entity/definitions';
import { findTableDict } from '../../lookup/registry';
import {
  formField,
  listColumn,
  pageFields,
  queryField,
  superQueryField,
  type Json,
  type PageField,
} from '../../../../contract/pages/derive-fields';
import type { FieldRow, OnlineForm } from './definition';
import { widgetOf, type Widget } from './widgets';

/** One field of an online form: the designer's row and the column as the page derivation reads it. */
export interface OnlineField {
  row: FieldRow;
  column: PageField;
}

/**
 * The form's fields `def` keeps (a caller's hidden columns are gone), without a sub form's foreign key, in the
 * designer's order. A stored pattern the engine refuses is not in the entity JSON; the form gets its source all the
 * same, so the field says why it cannot be used as the server does.
 */
export function onlineFields(form: OnlineForm, def: EntityDefinition): OnlineField[] {
  const fields = new Map(def.fields.map((f) => [f.property, f]));
  const columns = new Map(pageFields(def.json).map((c) => [c.name, c]));
  return form.fields.flatMap((row) => {
    const column = columns.get(row.db_field_name);
    const refused = fields.get(row.db_field_name)?.rules.pattern;
    if (!column || column.audit || !fields.has(row.db_field_name) || row.db_field_name === form.foreignKey) return [];
    return [{ row, column: refused?.problem ? { ...column, pattern: refused.source } : column }];
  });
}

function withWidget(field: Json, w: Widget | undefined): Json {
  return w ? { ...field, type: w.type, 'x-component': w.component, 'x-component-props': w.props } : field;
}

/** A field of the add/edit form. */
export function onlineFormField({ row, column }: OnlineField, table: string, linked?: Json): Json {
  const field = withWidget(formField(column, table), widgetOf(row, false, linked));
  if (row.is_read_only === 1) field['x-read-pretty'] = true;
  return field;
}

/** The query form: a field per queried column, or a 起/止 pair (a date range) for a column queried by range. */
export function onlineQuery(fields: readonly OnlineField[], linked: ReadonlyMap<string, Json>): Json {
  const properties: Json = {};
  for (const { row, column } of fields) {
    if (row.is_query !== 1) continue;
    const name = row.db_field_name;
    const range = row.query_mode === 'group';
    const single = withWidget(queryField(column), widgetOf(row, true, range ? undefined : linked.get(name)));
    if (!range) properties[name] = single;
    else if (column.type === 'date' || column.type === 'datetime')
      properties[`[${name}_begin,${name}_end]`] = {
        type: 'array',
        title: column.label,
        'x-decorator': 'FormItem',
        'x-component': 'AdminDateRange',
      };
    else {
      const props = single['x-component-props'] as Json;
      properties[`${name}_begin`] = { ...single, title: `${column.label}起`, 'x-component-props': { ...props, placeholder: '开始' } };
      properties[`${name}_end`] = { ...single, title: `${column.label}止`, 'x-component-props': { ...props, placeholder: '结束' } };
    }
  }
  return { type: 'object', properties };
}

/** A list column; a linked select's column shows the text of its tree table. */
export function onlineColumn({ row, column }: OnlineField, linked?: Json): Json {
  const out = listColumn(column);
  if (row.field_length) out.width = row.field_length;
  if (row.sort_flag === '1') out.sorter = true;
  const linkedDict = typeof linked?.dict === 'string' && findTableDict(linked.dict) ? linked.dict : undefined;
  if (linkedDict) return { ...out, component: 'Select', props: { dictCode: linkedDict } };
  if (column.dictCode) return out;
  if (row.field_show_type === 'image') out.component = 'Image';
  else if (row.field_show_type === 'file') out.component = 'File';
  else if (column.type === 'text' || row.field_show_type === 'umeditor' || row.field_show_type === 'markdown') out.ellipsis = true;
  return out;
}

/** A field of the advanced query. */
export function onlineSuperQueryField({ column }: OnlineField): Json {
  return superQueryField(column);
}
