import type { FastifyRequest } from 'fastify';
import { requireGrants } from '../../../core/access-control';
import { ApiError } from '../../../core/envelope';
import type { Db } from '../../../db/types';
import type { EntityDefinition } from '../../entity/definitions';
import { LOOKUP_ROW_CAP, searchPlainDict, searchTableDict, type DictModel } from '../../lookup/dict-queries';
import { resolveDictCode } from '../../lookup';
import { type FormAuth } from './access';
import { dictCodeOf, type OnlineForm } from './definition';
import { viewOf } from './widgets';
import type { Opened } from './opened';

async function dictOptions(db: Db, request: FastifyRequest, form: OnlineForm, def: EntityDefinition): Promise<Record<string, DictModel[]>> {
  const grants = await requireGrants(request, db);
  const out: Record<string, DictModel[]> = {};
  for (const f of form.fields) {
    if (!def.fields.some((d) => d.property === f.db_field_name)) continue;
    const code = dictCodeOf(f);
    if (!code) continue;
    try {
      const d = resolveDictCode(code, grants);
      const items =
        d.kind === 'table' ? await searchTableDict(db, d.entry, '', LOOKUP_ROW_CAP) : await searchPlainDict(db, d.code, '', LOOKUP_ROW_CAP);
      out[f.db_field_name] = items;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      out[f.db_field_name] = [];
    }
  }
  return out;
}

const HIDE_BUTTONS = ['add', 'update', 'delete', 'batch_delete', 'import', 'export', 'detail', 'super_query', 'bpm'];

export async function buttonList(db: Db, form: OnlineForm, auth: FormAuth) {
  const rows = await db
    .selectFrom('onl_cgform_button')
    .selectAll()
    .where('cgform_head_id', '=', form.head.id)
    .where('button_status', '=', '1')
    .orderBy('order_num')
    .execute();
  return rows
    .filter((b) => !auth.hiddenButtons.has(b.button_code))
    .map((b) => ({
      buttonCode: b.button_code,
      buttonName: b.button_name,
      buttonIcon: b.button_icon,
      buttonStyle: b.button_style,
      optType: b.opt_type,
      optPosition: b.opt_position,
      exp: b.exp,
    }));
}

export async function columnsInfo(db: Db, request: FastifyRequest, o: Opened, form: OnlineForm, def: EntityDefinition) {
  const visible = new Set(def.fields.map((f) => f.property));
  const columns = form.fields
    .filter((f) => f.is_show_list === 1 && visible.has(f.db_field_name) && f.db_field_name !== form.foreignKey)
    .map((f) => {
      const dict = dictCodeOf(f);
      return {
        title: f.db_field_txt || f.db_field_name,
        dataIndex: f.db_field_name,
        align: 'center',
        ...(f.field_length ? { width: f.field_length } : {}),
        ...(f.sort_flag === '1' ? { sorter: true } : {}),
        fieldType: f.db_type,
        ...(dict ? { customRender: f.db_field_name } : {}),
      };
    });
  const head = form.head;
  return {
    columns,
    dictOptions: await dictOptions(db, request, form, def),
    checkboxFlag: head.is_checkbox,
    paginationFlag: head.is_page,
    scrollFlag: head.scroll,
    formTemplate: head.form_template,
    description: head.table_txt,
    currentTableName: head.table_name,
    tableType: head.table_type,
    cgButtonList: await buttonList(db, form, o.auth),
    enhanceJs: '',
    hideColumns: HIDE_BUTTONS.filter((b) => o.auth.hiddenButtons.has(b)),
    fieldHrefSlots: form.fields.filter((f) => f.field_href).map((f) => ({ slotName: `fieldHref_${f.db_field_name}`, href: f.field_href })),
    isDesForm: false,
    desFormCode: '',
    ...(head.is_tree === 'Y'
      ? { pidField: head.tree_parent_id_field, hasChildrenField: head.tree_id_field, textField: head.tree_fieldname }
      : {}),
  };
}

export function queryInfo(form: OnlineForm, def: EntityDefinition) {
  const visible = new Set(def.fields.map((f) => f.property));
  return form.fields
    .filter((f) => f.is_query === 1 && visible.has(f.db_field_name))
    .map((f) => ({
      field: f.db_field_name,
      label: f.db_field_txt || f.db_field_name,
      view: viewOf(f),
      mode: f.query_mode === 'group' ? 'group' : 'single',
      dictCode: f.dict_field ?? '',
      dictTable: f.dict_table ?? '',
      dictText: f.dict_text ?? '',
      ...(f.dict_table ? { dict: `${f.dict_table},${f.dict_text ?? ''},${f.dict_field ?? ''}` } : {}),
      fieldExtendJson: f.field_extend_json ?? '',
    }));
}

function formSchema(form: OnlineForm, def: EntityDefinition) {
  const visible = new Map(def.fields.map((f) => [f.property, f]));
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [i, f] of form.fields.entries()) {
    const field = visible.get(f.db_field_name);
    if (f.is_show_form !== 1 || !field || f.db_field_name === form.foreignKey) continue;
    if (field.required) required.push(f.db_field_name);
    const numeric = field.type === 'int' ? 'integer' : field.type === 'decimal' ? 'number' : 'string';
    properties[f.db_field_name] = {
      view: viewOf(f),
      title: f.db_field_txt || f.db_field_name,
      type: numeric,
      order: i,
      ...(f.dict_field ? { dictCode: f.dict_field } : {}),
      ...(f.dict_table ? { dictTable: f.dict_table, dictText: f.dict_text } : {}),
      ...(f.field_default_value ? { defVal: f.field_default_value } : {}),
      ...(f.is_read_only === 1 ? { ui: { widgetattrs: { disabled: true } } } : {}),
      ...(f.field_extend_json ? { fieldExtendJson: f.field_extend_json } : {}),
    };
  }
  return { table: form.head.table_name, required, properties };
}

export async function formItem(db: Db, o: Opened) {
  const schema = formSchema(o.form, o.def) as { properties: Record<string, unknown> };
  for (const [i, sub] of o.form.subs.entries()) {
    const link = o.def.subTables[i]!;
    const inner = formSchema(sub, link.entity);
    schema.properties[sub.head.table_name] = {
      view: 'tab',
      relationType: sub.head.relation_type ?? 0,
      foreignKey: sub.foreignKey,
      order: 1000 + i,
      describe: sub.head.table_txt,
      properties: inner.properties,
      required: inner.required,
    };
  }
  const head = o.form.head;
  return {
    head: {
      id: head.id,
      tableName: head.table_name,
      tableTxt: head.table_txt,
      tableType: head.table_type,
      isTree: head.is_tree,
      formTemplate: head.form_template,
      themeTemplate: head.theme_template,
      extConfigJson: head.ext_config_json,
      subTableStr: head.sub_table_str,
    },
    schema,
    cgButtonList: await buttonList(db, o.form, o.auth),
    enhanceJs: '',
    formTemplate: head.form_template,
  };
}
