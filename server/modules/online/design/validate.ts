import { businessError } from '../../../core/envelope';
import type { Db } from '../../../db/types';
import { userPatternProblem } from '../../../core/user-pattern';
import { entityDefinitions } from '../../entity';
import { findTableDict, findTreeTable, normaliseDictCode } from '../../lookup/registry';
import '../form-tables';
import { parseLinkDown } from '../link-down';
import {
  DB_TYPES,
  type DbType,
  type Flag,
  type FieldInput,
  type FieldRow,
  type HeadInput,
  type HeadRow,
  IDENTIFIER,
  type IndexInput,
  type IndexRow,
  NAME_PATTERN,
  SHOW_TYPES,
  SQL_KEYWORDS,
} from './model';
import { fieldTypeOf, rangeProblem, VALID_PRESETS } from '../field-rules';

/** Prefixes of the product's own tables: never designed, imported or dropped from here. */
const RESERVED_PREFIXES = ['sys_', 'onl_', 'pg_', 'sql_', 'xypj_', 'information_schema'];

const fail = (message: string): never => {
  throw businessError(message);
};

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());
const opt = (v: unknown, max: number, what: string): string | null => {
  const s = str(v);
  if (!s) return null;
  if (s.length > max) fail(`${what}不能超过${max}个字符`);
  return s;
};
const flag = (v: Flag, fallback: number): number => {
  if (v === null || v === undefined || v === '') return fallback;
  if (v === true || v === 1 || v === '1' || v === 'Y' || v === 'true') return 1;
  if (v === false || v === 0 || v === '0' || v === 'N' || v === 'false') return 0;
  return fail('开关字段的值只能是 0 或 1');
};
const yn = (v: unknown, fallback: 'Y' | 'N'): string => {
  const s = str(v);
  if (!s) return fallback;
  if (s !== 'Y' && s !== 'N') fail('是/否字段的值只能是 Y 或 N');
  return s;
};
const int = (v: unknown, what: string, min: number, max: number, fallback: number | null): number | null => {
  const s = str(v);
  if (!s) return fallback;
  const n = Number(s);
  if (!Number.isInteger(n) || n < min || n > max) fail(`${what}必须是${min}到${max}之间的整数`);
  return n;
};

/** Why `name` cannot be a table name of a designed form, or null. */
export function reservedTableReason(name: string): string | null {
  if (!NAME_PATTERN.test(name)) return `表名“${name}”不合法：只能用小写字母开头，由小写字母、数字和下划线组成，长度2到50`;
  if (SQL_KEYWORDS.has(name)) return `表名“${name}”是数据库保留字，请换一个`;
  if (RESERVED_PREFIXES.some((p) => name.startsWith(p))) return `表名“${name}”是系统表名，不能使用`;
  if (entityDefinitions().some((d) => d.table === name)) return `表名“${name}”已被系统功能使用，不能使用`;
  return null;
}

export function checkTableName(name: string): string {
  const reason = reservedTableReason(name);
  if (reason) fail(reason);
  return name;
}

export function checkFieldName(name: string): string {
  if (!NAME_PATTERN.test(name)) fail(`字段名“${name}”不合法：只能用小写字母开头，由小写字母、数字和下划线组成，长度2到50`);
  if (SQL_KEYWORDS.has(name)) fail(`字段名“${name}”是数据库保留字，请换一个`);
  return name;
}

/** The checked head settings (table name rules, templates, tree fields are checked against the fields later). */
export function checkHead(head: HeadInput): HeadRow {
  const tableName = checkTableName(str(head.tableName));
  const tableTxt = str(head.tableTxt);
  if (!tableTxt) fail('请输入表描述');
  if (tableTxt.length > 200) fail('表描述不能超过200个字符');
  const tableType = int(head.tableType, '表类型', 1, 3, 1)!;
  const formTemplate = str(head.formTemplate) || '1';
  if (!['1', '2', '3', '4'].includes(formTemplate)) fail('表单风格只能是一列、两列、三列或四列');
  const themeTemplate = str(head.themeTemplate) || 'normal';
  if (!['normal', 'erp', 'innerTable', 'tab'].includes(themeTemplate)) fail('主题模板不正确');
  const queryMode = str(head.queryMode) || 'single';
  if (!['single', 'group'].includes(queryMode)) fail('查询模式只能是 single 或 group');
  const idType = str(head.idType) || 'UUID';
  if (!['UUID', 'NATIVE', 'SEQUENCE'].includes(idType)) fail('主键策略不正确');
  const relationType = tableType === 3 ? int(head.relationType, '映射关系', 0, 1, 0) : null;
  const ext = opt(head.extConfigJson, 4000, '扩展配置');
  if (ext) {
    try {
      JSON.parse(ext);
    } catch {
      fail('扩展配置必须是 JSON');
    }
  }
  return {
    table_name: tableName,
    table_txt: tableTxt,
    table_type: tableType,
    is_checkbox: yn(head.isCheckbox, 'Y'),
    is_page: yn(head.isPage, 'Y'),
    is_tree: yn(head.isTree, 'N'),
    id_type: idType,
    query_mode: queryMode,
    tree_parent_id_field: opt(head.treeParentIdField, 50, '树表父ID字段'),
    tree_id_field: opt(head.treeIdField, 50, '是否有子节点字段'),
    tree_fieldname: opt(head.treeFieldname, 50, '树开表单列'),
    form_template: formTemplate,
    theme_template: themeTemplate,
    relation_type: relationType,
    sub_table_str: opt(head.subTableStr, 1000, '子表'),
    tab_order_num: int(head.tabOrderNum, '附表排序序号', 0, 9999, null),
    form_category: opt(head.formCategory, 50, '表单分类') ?? 'bdfl_include',
    scroll: int(head.scroll, '是否有横向滚动条', 0, 1, 1)!,
    ext_config_json: ext,
  };
}

const NUMBER_DEFAULT = /^-?\d{1,18}(\.\d{1,10})?$/;
const TEXT_DEFAULT = /^[\p{L}\p{N} _\-.:@/]{0,100}$/u;
const DATE_DEFAULT = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_DEFAULT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function checkDefault(name: string, type: DbType, value: string | null): string | null {
  if (value === null) return null;
  const okay =
    type === 'int'
      ? /^-?\d{1,9}$/.test(value)
      : type === 'double' || type === 'BigDecimal'
        ? NUMBER_DEFAULT.test(value)
        : type === 'Date'
          ? DATE_DEFAULT.test(value)
          : type === 'Datetime'
            ? DATETIME_DEFAULT.test(value)
            : TEXT_DEFAULT.test(value);
  if (!okay) fail(`字段“${name}”的数据库默认值不合法（数字字段写数字，日期写 2024-01-01，文本只能含文字、数字、空格和 _-.:@/）`);
  return value;
}

function checkLengths(name: string, type: DbType, lengthRaw: unknown, pointRaw: unknown): { length: number; point: number | null } {
  if (type === 'string') return { length: int(lengthRaw, `字段“${name}”的长度`, 1, 4000, 32)!, point: null };
  if (type === 'BigDecimal') {
    const length = int(lengthRaw, `字段“${name}”的长度`, 1, 38, 10)!;
    const point = int(pointRaw, `字段“${name}”的小数点`, 0, 30, 2)!;
    if (point > length) fail(`字段“${name}”的小数位数不能大于长度`);
    return { length, point };
  }
  const length = int(lengthRaw, `字段“${name}”的长度`, 0, 4000, 0)!;
  return { length, point: type === 'double' ? int(pointRaw, `字段“${name}”的小数点`, 0, 30, null) : null };
}

/** A pattern (a preset's or the designer's own) checks text only, as an entity column's; 唯一 and 非空 suit any type. */
function checkValidType(name: string, dbType: DbType, value: string | null): string | null {
  if (!value || value === 'only' || value === '*') return value;
  const type = fieldTypeOf(dbType);
  if (type !== 'string' && type !== 'text') fail(`字段“${name}”的校验规则只能用于文本字段（数值字段的范围写在扩展参数的 min、max 中）`);
  if (VALID_PRESETS.includes(value)) return value;
  const reason = userPatternProblem(value);
  if (reason) fail(`字段“${name}”的校验规则不可用：${reason}`);
  return value;
}

function checkHref(name: string, value: string | null): string | null {
  if (!value) return null;
  if (/^\s*(javascript|data|vbscript):/i.test(value) || value.includes('{{') || /[<>"']/.test(value)) fail(`字段“${name}”的跳转地址不安全`);
  return value;
}

/** One field row checked alone (names, type, lengths, flags, show type, validation, link); dictionaries are checked by checkDictionaries. */
export function checkField(input: FieldInput, index: number): FieldRow {
  const name = checkFieldName(str(input.dbFieldName));
  const type = str(input.dbType) || 'string';
  if (!(DB_TYPES as readonly string[]).includes(type)) fail(`字段“${name}”的数据库类型“${type}”不支持`);
  if (type === 'Blob') fail(`字段“${name}”：不支持 Blob 类型，请用文件或图片控件保存附件`);
  const dbType = type as DbType;
  const { length, point } = checkLengths(name, dbType, input.dbLength, input.dbPointLength);
  const showType = str(input.fieldShowType) || 'text';
  if (!(SHOW_TYPES as readonly string[]).includes(showType)) fail(`字段“${name}”的控件类型“${showType}”不支持`);
  const queryMode = str(input.queryMode) || 'single';
  if (!['single', 'group'].includes(queryMode)) fail(`字段“${name}”的查询模式只能是 single 或 group`);
  const ext = opt(input.fieldExtendJson, 1000, `字段“${name}”的扩展参数`);
  if (ext) {
    try {
      const parsed: unknown = JSON.parse(ext);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    } catch {
      fail(`字段“${name}”的扩展参数必须是 JSON 对象`);
    }
  }
  const rangeReason = rangeProblem(name, ext, fieldTypeOf(dbType));
  if (rangeReason) fail(rangeReason);
  const mainTable = opt(input.mainTable, 50, `字段“${name}”的主表名`);
  const mainField = opt(input.mainField, 50, `字段“${name}”的主表字段`);
  if ((mainTable === null) !== (mainField === null)) fail(`字段“${name}”的外键需要同时填写主表名和主表字段`);
  const oldName = opt(input.dbFieldNameOld, 50, '原字段名');
  if (oldName && !NAME_PATTERN.test(oldName)) fail(`原字段名“${oldName}”不合法`);
  return {
    db_field_name: name,
    db_field_txt: opt(input.dbFieldTxt, 200, `字段“${name}”的备注`) ?? name,
    db_field_name_old: oldName,
    db_type: dbType,
    db_length: length,
    db_point_length: point,
    db_is_null: flag(input.dbIsNull, 1),
    db_is_key: flag(input.dbIsKey, 0),
    db_default_val: checkDefault(name, dbType, opt(input.dbDefaultVal, 100, `字段“${name}”的默认值`)),
    is_show_list: flag(input.isShowList, 1),
    is_show_form: flag(input.isShowForm, 1),
    is_query: flag(input.isQuery, 0),
    is_read_only: flag(input.isReadOnly, 0),
    is_unique: flag(input.isUnique, 0),
    query_mode: queryMode,
    field_show_type: showType,
    dict_field: opt(input.dictField, 100, `字段“${name}”的字典code`),
    dict_table: opt(input.dictTable, 255, `字段“${name}”的字典表`),
    dict_text: opt(input.dictText, 100, `字段“${name}”的字典Text`),
    field_valid_type: checkValidType(name, dbType, opt(input.fieldValidType, 300, `字段“${name}”的校验规则`)),
    field_must_input: String(flag(input.fieldMustInput, 0)),
    sort_flag: String(flag(input.sortFlag, 0)),
    field_href: checkHref(name, opt(input.fieldHref, 200, `字段“${name}”的跳转地址`)),
    field_length: int(input.fieldLength, `字段“${name}”的列表宽度`, 0, 2000, null),
    field_extend_json: ext,
    field_default_value: opt(input.fieldDefaultValue, 200, `字段“${name}”的表单默认值`),
    main_table: mainTable,
    main_field: mainField,
    order_num: int(input.orderNum, `字段“${name}”的排序`, 0, 100000, index)!,
  };
}

const DICT_SHOW_TYPES = ['list', 'radio', 'checkbox', 'list_multi', 'sel_search'];
const PLAIN_CODE = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/** Dictionaries named by the fields: plain codes must exist, table dictionaries and trees must be registered. */
export async function checkDictionaries(db: Db, fields: FieldRow[]): Promise<void> {
  for (const f of fields) {
    const name = f.db_field_name;
    if (DICT_SHOW_TYPES.includes(f.field_show_type)) {
      if (f.dict_table) {
        const code = normaliseDictCode(`${f.dict_table},${f.dict_text ?? ''},${f.dict_field ?? ''}`);
        if (!findTableDict(code)) fail(`字段“${name}”的表字典“${code}”未登记，只能使用系统登记的表字典`);
      } else if (f.dict_field) {
        if (!PLAIN_CODE.test(f.dict_field)) fail(`字段“${name}”的字典编码“${f.dict_field}”不合法`);
        const row = await db
          .selectFrom('sys_dict')
          .select('id')
          .where('dict_code', '=', f.dict_field)
          .where('del_flag', '=', 0)
          .executeTakeFirst();
        if (!row) fail(`字段“${name}”的字典“${f.dict_field}”不存在`);
      } else if (f.field_show_type !== 'sel_search') {
        fail(`字段“${name}”是${f.field_show_type}控件，请填写字典code`);
      }
    } else if (f.field_show_type === 'sel_tree') {
      if (!f.dict_table || !findTreeTable(f.dict_table)) fail(`字段“${name}”的树表“${f.dict_table ?? ''}”未登记`);
    } else if (f.field_show_type === 'popup') {
      const code = f.dict_table ?? '';
      const row = code ? await db.selectFrom('onl_cgreport_head').select('id').where('code', '=', code).executeTakeFirst() : undefined;
      if (!row) fail(`字段“${name}”的弹窗报表“${code}”不存在`);
    } else if (f.field_show_type === 'cat_tree') {
      if (f.dict_field && !/^[A-Za-z0-9_]{1,100}$/.test(f.dict_field)) fail(`字段“${name}”的分类编码不合法`);
    } else if (f.field_show_type === 'link_down') {
      const cfg = parseLinkDown(f.dict_table);
      if ('error' in cfg) fail(`字段“${name}”：${cfg.error}`);
    }
  }
}

/** The whole field list: names unique, exactly one primary key named id, tree fields present. */
export function checkFieldSet(head: HeadRow, fields: FieldRow[]): void {
  if (fields.length === 0) fail('请至少添加一个字段');
  if (fields.length > 300) fail('字段不能超过300个');
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.db_field_name)) fail(`字段名“${f.db_field_name}”重复`);
    seen.add(f.db_field_name);
  }
  const keys = fields.filter((f) => f.db_is_key === 1);
  if (keys.length !== 1 || keys[0]!.db_field_name !== 'id') fail('必须有且只有一个主键，且主键字段名为 id');
  const id = keys[0]!;
  if (id.db_type !== 'string' && id.db_type !== 'int') fail('主键 id 的类型只能是 string 或 int');
  id.db_is_null = 0;
  if (head.is_tree === 'Y') {
    for (const [what, value] of [
      ['树表父ID字段', head.tree_parent_id_field],
      ['是否有子节点字段', head.tree_id_field],
      ['树开表单列', head.tree_fieldname],
    ] as const) {
      if (!value || !seen.has(value)) fail(`树表需要设置${what}，且必须是表中的字段`);
    }
  }
  for (const f of fields) if (f.main_table && head.table_type !== 3) fail(`字段“${f.db_field_name}”设置了外键，只有附表可以设置外键`);
  if (head.table_type === 3 && !fields.some((f) => f.main_table)) fail('附表需要在“外键”中设置关联的主表和字段');
  for (const f of fields) {
    if (f.field_show_type !== 'link_down') continue;
    const cfg = parseLinkDown(f.dict_table);
    for (const linked of 'error' in cfg ? [] : cfg.linkFields) {
      if (!seen.has(linked) || linked === f.db_field_name) fail(`字段“${f.db_field_name}”的联动字段“${linked}”不是本表的其他字段`);
    }
  }
}

/** Foreign keys of a sub table name an existing main form (table type 2) and one of its fields. */
export async function checkForeignKeys(db: Db, head: HeadRow, fields: FieldRow[]): Promise<string[]> {
  const mains = new Set<string>();
  for (const f of fields) {
    if (!f.main_table || !f.main_field) continue;
    const main = await db
      .selectFrom('onl_cgform_head')
      .select(['id', 'table_type'])
      .where('table_name', '=', f.main_table)
      .where('del_flag', '=', 0)
      .executeTakeFirst();
    if (!main || main.table_type !== 2) fail(`字段“${f.db_field_name}”的主表“${f.main_table}”不是已有的主表表单`);
    const mainField = await db
      .selectFrom('onl_cgform_field')
      .select('id')
      .where('cgform_head_id', '=', main!.id)
      .where('db_field_name', '=', f.main_field)
      .executeTakeFirst();
    if (!mainField) fail(`字段“${f.db_field_name}”的主表字段“${f.main_field}”在主表中不存在`);
    mains.add(main!.id);
  }
  return [...mains];
}

/** Indexes: names are identifiers, unique within the form, fields exist, type normal|unique. */
export function checkIndexes(tableName: string, indexes: IndexInput[], fields: FieldRow[]): IndexRow[] {
  const names = new Set(fields.map((f) => f.db_field_name));
  const seen = new Set<string>();
  return indexes.map((i) => {
    const indexName = str(i.indexName);
    if (!IDENTIFIER.test(indexName) || SQL_KEYWORDS.has(indexName))
      fail(`索引名“${indexName}”不合法：只能用小写字母开头，由小写字母、数字和下划线组成`);
    if (indexName === `${tableName}_pkey`) fail(`索引名“${indexName}”与主键冲突`);
    if (seen.has(indexName)) fail(`索引名“${indexName}”重复`);
    seen.add(indexName);
    const columns = str(i.indexField)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (columns.length === 0 || columns.length > 10) fail(`索引“${indexName}”需要1到10个字段`);
    for (const c of columns) if (!names.has(c)) fail(`索引“${indexName}”的字段“${c}”不在表中`);
    if (new Set(columns).size !== columns.length) fail(`索引“${indexName}”的字段重复`);
    const type = str(i.indexType) || 'normal';
    if (type !== 'normal' && type !== 'unique') fail(`索引“${indexName}”的类型只能是 normal 或 unique`);
    return { index_name: indexName, index_field: columns.join(','), index_type: type };
  });
}
