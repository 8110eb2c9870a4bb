import { AREA_DICT_CODE, AUDIT_FIELDS, snakeCase, type FieldType } from '../entity';
import type { EntitySchema } from '../schema-types.gen';

export type Json = Record<string, unknown>;

/** One column of an entity as a page sees it: the file's columns and the audit columns the server adds. */
export interface PageField {
  name: string;
  column: string;
  type: FieldType;
  label: string;
  length?: number;
  scale?: number;
  required: boolean;
  unique: boolean;
  dictCode?: string;
  default?: string | number | boolean | null;
  pattern?: string;
  patternMessage?: string;
  min?: number;
  max?: number;
  allowedValues?: Array<string | number>;
  /** a Y/N string column */
  yesNo?: boolean;
  /** a check-character rule (creditCode, idCard), checked by the form validator of the same name */
  check?: string;
  /** filled by the server (createTime …): never in a form, not in the default columns */
  audit: boolean;
}

/** The entity's columns except the primary key, then its audit columns (unless auditColumns is false). */
export function pageFields(entity: EntitySchema): PageField[] {
  const own = entity.columns
    .filter((c) => c.primaryKey !== true)
    .map((c): PageField => ({
      name: c.name,
      column: snakeCase(c.name),
      type: c.type,
      label: c.label,
      length: Math.min(c.type === 'string' ? (c.length ?? 255) : (c.length ?? Infinity), c.maxLength ?? Infinity),
      scale: c.scale,
      required: c.required === true,
      unique: c.unique === true,
      dictCode: c.dictCode,
      default: c.default,
      pattern: c.pattern,
      patternMessage: c.patternMessage,
      min: c.min,
      max: c.max,
      allowedValues: c.allowedValues,
      yesNo: c.yesNo,
      check: c.check,
      audit: false,
    }));
  if (entity.auditColumns === false) return own;
  const audit = AUDIT_FIELDS.map((a): PageField => ({
    name: a.property,
    column: snakeCase(a.property),
    type: a.type,
    label: a.label,
    length: a.length,
    required: false,
    unique: false,
    audit: true,
  }));
  return [...own, ...audit];
}

const YES_NO = [
  { value: 'true', label: '是' },
  { value: 'false', label: '否' },
];

/** The field type a value of the column is shown and edited with, and its props. */
function component(f: PageField, multiline: boolean): { name: string; props: Json; type: string } {
  const choose = `请选择${f.label}`;
  const enter = `请输入${f.label}`;
  if (f.dictCode === AREA_DICT_CODE) return { name: 'JAreaLinkage', props: { type: 'cascader', placeholder: choose }, type: 'string' };
  if (f.dictCode) return { name: 'Select', props: { dictCode: f.dictCode, placeholder: choose }, type: 'string' };
  if (f.yesNo) return { name: 'Switch', props: {}, type: 'string' };
  if (f.allowedValues) {
    const options = f.allowedValues.map((v) => ({ value: String(v), label: String(v) }));
    return { name: 'Select', props: { options, placeholder: choose }, type: 'string' };
  }
  switch (f.type) {
    case 'text':
      return { name: multiline ? 'TextArea' : 'Input', props: { placeholder: enter }, type: 'string' };
    case 'int':
    case 'bigint':
      return { name: 'NumberPicker', props: { placeholder: enter, precision: 0 }, type: 'number' };
    case 'decimal':
      return {
        name: 'NumberPicker',
        props: { placeholder: enter, ...(f.scale !== undefined ? { precision: f.scale } : {}) },
        type: 'number',
      };
    case 'boolean':
      return { name: 'Radio', props: { options: YES_NO }, type: 'string' };
    case 'date':
      return { name: 'DatePicker', props: { placeholder: choose }, type: 'string' };
    case 'datetime':
      return { name: 'DateTimePicker', props: { placeholder: choose }, type: 'string' };
    default:
      return { name: 'Input', props: { placeholder: enter }, type: 'string' };
  }
}

function formilyField(f: PageField, multiline: boolean): Json {
  const c = component(f, multiline);
  return { type: c.type, title: f.label, 'x-decorator': 'FormItem', 'x-component': c.name, 'x-component-props': c.props };
}

/** A field of the add/edit form: the column's type, required, length, pattern, dictionary and uniqueness rules. */
export function formField(f: PageField, table: string): Json {
  const field = formilyField(f, true);
  if (f.required) field.required = true;
  if (f.default !== undefined && f.default !== null) field.default = f.type === 'boolean' ? String(f.default) : f.default;
  const rules: Json[] = [];
  const choice = f.dictCode || f.yesNo || f.allowedValues;
  if ((f.type === 'string' || f.type === 'text') && !choice && f.length !== undefined && Number.isFinite(f.length)) {
    rules.push({ maxLength: f.length, message: `${f.label}长度不能超过${f.length}个字符` });
  }
  if (f.min !== undefined) rules.push({ min: f.min, message: `${f.label}不能小于${f.min}` });
  if (f.max !== undefined) rules.push({ max: f.max, message: `${f.label}不能大于${f.max}` });
  if (f.pattern) rules.push({ pattern: f.pattern, message: f.patternMessage ?? `${f.label}格式不正确` });
  if (f.check) rules.push({ [f.check]: true });
  if (f.unique) rules.push({ duplicateCheck: { tableName: table, fieldName: f.column } });
  if (rules.length > 0) field['x-validator'] = rules;
  return field;
}

/** A field of the query form: the column's input without its rules. */
export function queryField(f: PageField): Json {
  return formilyField(f, false);
}

export const DATETIME_COLUMN_WIDTH = 190;

/** A list column: its label, and the dictionary or date face of its cells. */
export function listColumn(f: PageField): Json {
  const column: Json = { dataIndex: f.name, title: f.label };
  if (f.dictCode === AREA_DICT_CODE) return column;
  if (f.dictCode) return { ...column, component: 'Select', props: { dictCode: f.dictCode } };
  if (f.yesNo) return { ...column, component: 'Switch' };
  if (f.type === 'boolean') return { ...column, component: 'Radio', props: { options: YES_NO } };
  if (f.type === 'date') return { ...column, component: 'DatePicker' };
  // a date and time (2026-03-01 09:30:00) needs this much to show whole beside wide columns
  if (f.type === 'datetime') return { ...column, width: DATETIME_COLUMN_WIDTH };
  return column;
}

const SUPER_QUERY_TYPES: Record<FieldType, string> = {
  string: 'string',
  text: 'string',
  int: 'int',
  bigint: 'int',
  decimal: 'number',
  boolean: 'string',
  date: 'date',
  datetime: 'datetime',
};

/** A field of the advanced query. */
export function superQueryField(f: PageField): Json {
  if (f.dictCode === AREA_DICT_CODE) return { value: f.name, text: f.label, type: 'string' };
  if (f.dictCode) return { value: f.name, text: f.label, type: 'list', dictCode: f.dictCode };
  if (f.allowedValues)
    return { value: f.name, text: f.label, type: 'list', options: f.allowedValues.map((v) => ({ value: v, text: String(v) })) };
  return { value: f.name, text: f.label, type: SUPER_QUERY_TYPES[f.type] };
}
