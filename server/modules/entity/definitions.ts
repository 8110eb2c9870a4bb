import { readdirSync, readFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { FieldType, ListField, ListSource, QueryMatch } from './list-query';
import { PROJECT_ROOT } from '../../paths';
import { AuthoringError } from '../../core/authoring-error';
import { compileUserPattern, UserPatternError, type UserPattern } from '../../core/user-pattern';
import { findTableDict, isTableDictCode } from '../lookup/registry';
import type { ValueCheckName } from '../../../contract/id-numbers';
import { AUDIT_FIELDS, snakeCase } from '../../../contract/entity';
import type { EntityColumn, EntitySchema } from '../../../contract/schema-types.gen';

/** The JSON of schemas/entities/*.json: the types generated from schemas/_meta/entity.schema.json. */
export type EntityJson = EntitySchema;
export type EntityColumnJson = EntityColumn;

/** The actions of the standard endpoints, each checking one permission code. */
export type EntityAction = 'list' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'exportXls' | 'importExcel';
export type EntityMessage = 'add' | 'edit' | 'delete' | 'deleteBatch' | 'notFound' | 'editNotFound';

export interface SubTable {
  entity: EntityDefinition;
  foreignKey: string;
  property: string;
}

/** One column as the engine uses it: property (JSON) and column (SQL) names resolved. */
export interface EntityField extends ListField {
  label: string;
  length?: number;
  precision?: number;
  scale?: number;
  required: boolean;
  unique: boolean;
  primaryKey: boolean;
  default?: string | number | boolean | null;
  /** audit columns are filled by the server and never taken from a request */
  audit: boolean;
  /** value rules the server enforces on add, edit and import */
  rules: FieldRules;
}

/** Rules a column may state besides type, length, required, unique and dictionary. */
export interface FieldRules {
  min?: number;
  max?: number;
  pattern?: UserPattern;
  patternMessage?: string;
  allowedValues?: string[];
  yesNo?: boolean;
  check?: ValueCheckName;
}

export interface EntityIndex {
  name: string;
  /** SQL column names */
  columns: string[];
  unique: boolean;
}

export interface EntityDefinition extends ListSource {
  file: string;
  table: string;
  label: string;
  apiBase: string;
  permissionPrefix: string;
  fields: EntityField[];
  /** the primary key */
  id: EntityField;
  indexes: EntityIndex[];
  exportTitle: string;
  /** groups of properties whose values must not decrease in this order (date ranges, windows) */
  ordered?: string[][];
  /** children saved, listed and deleted with each main record (resolved once every file is read) */
  subTables: SubTable[];
  /** the columns of an export that names none */
  exportColumns: EntityField[];
  /** the file's JSON, as read (recorded with each schema migration) */
  json: EntityJson;
}

export class EntityDefinitionError extends AuthoringError {
  constructor(
    message: string,
    /** the JSON pointer of the property concerned, when one is */
    readonly pointer?: string,
  ) {
    super(message);
  }
}

const ROOT = PROJECT_ROOT;
export const ENTITY_DIR = join(ROOT, 'schemas/entities');
const META_SCHEMA = join(ROOT, 'schemas/_meta/entity.schema.json');
/** Tables the engine must never take over (they hold credentials or the engine's own records). */
const RESERVED_TABLE =
  /^(sys_user|sys_user_token|sys_permission|sys_config|sys_migration.*|sys_entity_.*|sys_captcha|sys_login_attempt|sys_sms_code|sys_seed_applied|sys_data_log|sys_log|pg_.*)$/;

/** Directories read at start: schemas/entities plus any in ENTITY_DIRS (path-list; fixtures of tests and benches). */
export function entityDirectories(env: NodeJS.ProcessEnv = process.env): string[] {
  const extra = (env.ENTITY_DIRS ?? '')
    .split(delimiter)
    .map((d) => d.trim())
    .filter(Boolean);
  return [ENTITY_DIR, ...extra.map((d) => resolve(d))];
}

let validator: ValidateFunction | null = null;
function validateJson(value: unknown): readonly ErrorObject[] {
  if (!validator) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    validator = ajv.compile(JSON.parse(readFileSync(META_SCHEMA, 'utf8')) as object);
  }
  return validator(value) ? [] : (validator.errors ?? []);
}

const isTextType = (type: FieldType) => type === 'string' || type === 'text';

/** The most characters a text value may have: the column length and maxLength, whichever is smaller. */
function textLength(c: EntityColumnJson): number | undefined {
  const length = c.type === 'string' ? (c.length ?? 255) : c.length;
  if (c.maxLength === undefined || !isTextType(c.type)) return length;
  return length === undefined ? c.maxLength : Math.min(length, c.maxLength);
}

/** Exact matching for keys and dictionary values; contains for other text, unless the column says otherwise. */
function queryMatchOf(c: EntityColumnJson): QueryMatch {
  if (c.queryMatch) return c.queryMatch;
  return isTextType(c.type) && !c.dictCode && !c.primaryKey && !c.allowedValues && !c.yesNo ? 'contains' : 'exact';
}

/** `at`: the column's JSON pointer (/columns/<index>). */
function toRules(file: string, c: EntityColumnJson, at: string): FieldRules {
  const rules: FieldRules = {};
  const numeric = c.type === 'int' || c.type === 'bigint' || c.type === 'decimal';
  const bound = c.min !== undefined ? 'min' : 'max';
  if ((c.min !== undefined || c.max !== undefined) && !numeric) fail(file, `列 ${c.name} 的 ${bound} 只能用于数值列`, `${at}/${bound}`);
  if (c.min !== undefined && c.max !== undefined && c.min > c.max) fail(file, `列 ${c.name} 的 min 大于 max`, `${at}/min`);
  if (c.min !== undefined) rules.min = c.min;
  if (c.max !== undefined) rules.max = c.max;
  if (c.pattern !== undefined) {
    if (!isTextType(c.type)) fail(file, `列 ${c.name} 的 pattern 只能用于字符串列`, `${at}/pattern`);
    try {
      rules.pattern = compileUserPattern(c.pattern);
    } catch (err) {
      if (!(err instanceof UserPatternError)) throw err;
      fail(file, `列 ${c.name} 的 pattern 不可用：${err.message}`, `${at}/pattern`);
    }
    rules.patternMessage = c.patternMessage;
  }
  if (c.allowedValues !== undefined) rules.allowedValues = c.allowedValues.map(String);
  if (c.yesNo === true) {
    if (!isTextType(c.type)) fail(file, `列 ${c.name} 的 yesNo 只能用于字符串列`, `${at}/yesNo`);
    rules.yesNo = true;
  }
  if (c.check !== undefined) {
    if (c.type !== 'string') fail(file, `列 ${c.name} 的 check 只能用于字符串列`, `${at}/check`);
    rules.check = c.check;
  }
  return rules;
}

function toField(c: EntityColumnJson, file = '', at = ''): EntityField {
  return {
    property: c.name,
    column: snakeCase(c.name),
    type: c.type,
    label: c.label,
    length: textLength(c),
    precision: c.precision,
    scale: c.scale,
    dictCode: c.dictCode,
    required: c.required === true,
    unique: c.unique === true,
    primaryKey: c.primaryKey === true,
    default: c.default,
    audit: false,
    rules: toRules(file, c, at),
    match: queryMatchOf(c),
  };
}

/** Stops with "实体定义 <file>：[<pointer> ]<message>". */
function fail(file: string, message: string, pointer?: string): never {
  throw new EntityDefinitionError(`实体定义 ${file}：${pointer ? `${pointer} ` : ''}${message}`, pointer);
}

/** One meta-schema finding as "pointer message", the pointer reaching the property concerned. */
function describeSchemaError(e: ErrorObject): string {
  const at = e.instancePath || '';
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties') return `${at}/${String(params.additionalProperty)} 不是允许的属性`;
  if (e.keyword === 'required') return `${at}/${String(params.missingProperty)} 缺少必填属性`;
  if (e.keyword === 'enum') return `${at || '/'} 只能是 ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join('、')}`;
  return `${at || '/'} ${e.message ?? e.keyword}`;
}

/** A plain dictionary code, or a table dictionary ("table,text,code") registered in the lookup registry. */
function checkDictCode(file: string, f: EntityField, pointer: string): void {
  const code = f.dictCode ?? '';
  if (isTableDictCode(code)) {
    if (!findTableDict(code)) fail(file, `列 ${f.property} 的表字典 ${code} 未注册（只能使用服务器登记的表字典）`, pointer);
  } else if (!/^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(code)) {
    fail(file, `列 ${f.property} 的字典编码格式不正确`, pointer);
  }
}

/** Validates one parsed file and resolves its names; throws EntityDefinitionError naming the file. */
export function defineEntity(file: string, json: unknown): EntityDefinition {
  const errors = validateJson(json);
  if (errors.length > 0) {
    fail(file, [...new Set(errors.map(describeSchemaError))].join('; '));
  }
  const e = json as EntityJson;
  if (RESERVED_TABLE.test(e.table)) fail(file, `表 ${e.table} 属于系统核心，不能由实体引擎管理`, '/table');
  if (!/^[a-z][a-z0-9_]*(:[a-zA-Z][a-zA-Z0-9_]*)*$/.test(e.permissionPrefix))
    fail(file, `permissionPrefix ${e.permissionPrefix} 格式不正确`, '/permissionPrefix');
  const fields = e.columns.map((c, index) => toField(c, file, `/columns/${index}`));
  const pointerOf = (f: EntityField) => `/columns/${e.columns.findIndex((c) => c.name === f.property)}`;
  const keys = fields.filter((f) => f.primaryKey);
  if (keys.length > 1) fail(file, '只能有一个主键列');
  if (keys.length === 0) {
    if (fields.some((f) => f.property === 'id')) fail(file, '列 id 必须声明为主键');
    fields.unshift({ ...toField({ name: 'id', type: 'string', length: 32, label: '主键' }), primaryKey: true });
  }
  const id = fields.find((f) => f.primaryKey)!;
  if (id.type !== 'string' || (id.length ?? 0) < 19) fail(file, '主键必须是长度不小于19的字符串列');
  if (e.auditColumns !== false) {
    for (const a of AUDIT_FIELDS) {
      if (fields.some((f) => f.property === a.property)) fail(file, `列 ${a.property} 由服务器自动维护，不能声明`);
      fields.push({
        ...a,
        column: snakeCase(a.property),
        required: false,
        unique: false,
        primaryKey: false,
        audit: true,
        rules: {},
        match: 'exact',
      });
    }
  }
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.column)) fail(file, `列 ${f.property} 重复`);
    seen.add(f.column);
    if (f.column.length > 63) fail(file, `列名 ${f.column} 过长`);
    if (f.dictCode !== undefined) checkDictCode(file, f, `${pointerOf(f)}/dictCode`);
    if (f.type === 'decimal' && f.scale !== undefined && f.precision !== undefined && f.scale > f.precision)
      fail(file, `列 ${f.property} 的小数位数大于精度`, `${pointerOf(f)}/scale`);
  }
  const byProperty = new Map(fields.map((f) => [f.property, f]));
  const indexes: EntityIndex[] = (e.indexes ?? []).map((ix, i) => ({
    name: ix.name,
    unique: ix.unique === true,
    columns: ix.columns.map((name, j) => {
      const field = byProperty.get(name) ?? fields.find((f) => f.column === name);
      if (!field) fail(file, `索引 ${ix.name} 的列 ${name} 不存在`, `/indexes/${i}/columns/${j}`);
      return field.column;
    }),
  }));
  for (const f of fields) {
    if (f.unique && !f.primaryKey && !indexes.some((ix) => ix.unique && ix.columns.length === 1 && ix.columns[0] === f.column)) {
      indexes.push({ name: `uniq_${e.table}_${f.column}`.slice(0, 63), columns: [f.column], unique: true });
    }
  }
  if (e.defaultSort && !byProperty.has(e.defaultSort.column))
    fail(file, `默认排序列 ${e.defaultSort.column} 不存在`, '/defaultSort/column');
  const defaultSort = e.defaultSort ?? (byProperty.has('createTime') ? { column: 'createTime', order: 'desc' as const } : undefined);
  const sortColumn = defaultSort && byProperty.get(defaultSort.column)?.column;
  // lists and exports page in (default sort, id) order: an index on it spares a sort of the whole table per page
  if (sortColumn && sortColumn !== id.column && !indexes.some((ix) => ix.columns[0] === sortColumn)) {
    indexes.push({ name: `idx_${e.table}_sort`.slice(0, 63), columns: [sortColumn, id.column], unique: false });
  }
  for (const [i, group] of (e.ordered ?? []).entries()) {
    for (const [j, name] of group.entries()) {
      const field = byProperty.get(name);
      if (!field || field.audit) fail(file, `顺序规则的列 ${name} 不存在`, `/ordered/${i}/${j}`);
      if (!['date', 'datetime', 'int', 'bigint', 'decimal'].includes(field.type))
        fail(file, `顺序规则的列 ${name} 必须是日期或数值列`, `/ordered/${i}/${j}`);
    }
  }
  const exportColumns = (e.exportColumns ?? []).map((name, i) => {
    const field = byProperty.get(name);
    if (!field || field.primaryKey) fail(file, `导出列 ${name} 不存在`, `/exportColumns/${i}`);
    return field;
  });
  return {
    file,
    table: e.table,
    label: e.label,
    apiBase: e.apiBase.replace(/\/+$/, ''),
    permissionPrefix: e.permissionPrefix,
    fields,
    id,
    idProperty: id.property,
    indexes,
    defaultSort,
    exportTitle: e.exportTitle ?? e.label,
    ordered: e.ordered ?? [],
    subTables: [],
    exportColumns,
    json: e,
  };
}

/** Reads, validates and resolves every entity file; duplicate tables or base paths stop start-up. */
export function loadEntityDefinitions(dirs: readonly string[] = entityDirectories()): EntityDefinition[] {
  const out: EntityDefinition[] = [];
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort();
    } catch {
      if (dir === ENTITY_DIR) return out;
      throw new EntityDefinitionError(`实体目录 ${dir} 不存在`);
    }
    for (const name of names) {
      const file = join(dir, name);
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(file, 'utf8'));
      } catch (err) {
        fail(file, `不是合法的JSON（${err instanceof Error ? err.message : String(err)}）`);
      }
      const def = defineEntity(file, json);
      const clash = out.find((d) => d.table === def.table || d.apiBase === def.apiBase);
      if (clash) fail(file, `表名或 apiBase 与 ${clash.file} 重复`);
      out.push(def);
    }
  }
  resolveSubTables(out);
  return out;
}

/** Links each declared sub-table to its entity; an unknown entity or foreign key stops start-up. */
export function resolveSubTables(defs: EntityDefinition[]): void {
  const byTable = new Map(defs.map((d) => [d.table, d]));
  for (const def of defs) {
    def.subTables = (def.json.subTables ?? []).map((s) => {
      const entity = byTable.get(s.entity);
      if (!entity) fail(def.file, `子表实体 ${s.entity} 不存在`);
      if (entity === def) fail(def.file, `子表不能是自身`);
      if (!entity.fields.some((f) => f.property === s.foreignKey && !f.audit && !f.primaryKey))
        fail(def.file, `子表 ${s.entity} 没有外键列 ${s.foreignKey}`);
      if (def.fields.some((f) => f.property === s.property)) fail(def.file, `子表属性 ${s.property} 与列重名`);
      const key = entity.fields.find((f) => f.property === s.foreignKey)!;
      if (!entity.json.columns.some((c) => c.name === s.foreignKey && c.queryMatch)) key.match = 'exact';
      return { entity, foreignKey: s.foreignKey, property: s.property };
    });
  }
}
