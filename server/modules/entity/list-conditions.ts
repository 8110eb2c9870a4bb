import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { businessError } from '../../core/envelope';
import { formatDateTime, formatDay } from '../../core/time';
import { convertValue, parseDateTime, parseDay, type SqlValue } from './field-values';
import type { DataRule, ListField, SystemVariables } from './list-query';

/** A boolean SQL condition (usable in Kysely's where()). */
export type Condition = RawBuilder<SqlBool>;
type Fragment = RawBuilder<unknown>;
export type Operator = '=' | '<>' | '>' | '>=' | '<' | '<=' | 'in' | 'like' | 'left_like' | 'right_like';

/** Longest accepted filter value; longer ones are refused, never truncated. */
export const MAX_VALUE_LENGTH = 1000;
export const MAX_LIST_ITEMS = 500;

const isText = (f: ListField) => f.type === 'string' || f.type === 'text';
const column = (f: ListField): Fragment => sql`${sql.id(f.column)}`;
/** LIKE is applied to the text form of non-text columns. */
const likeColumn = (f: ListField): Fragment => (isText(f) ? column(f) : sql`cast(${sql.id(f.column)} as text)`);

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function badValue(f: ListField): never {
  throw businessError(`查询条件的值格式不正确：${f.property}`);
}

function checkLength(f: ListField, value: string): void {
  if (value.length > MAX_VALUE_LENGTH) throw businessError(`查询条件过长：${f.property}`);
}

function bound(f: ListField, operand: string): SqlValue {
  const v = convertValue(f.type, operand);
  if (v === undefined) badValue(f);
  return v;
}

/** A day-only value on a datetime column means the whole GMT+8 day. */
function dayBounds(f: ListField, operand: string): { start: Date; next: Date } | null {
  if (f.type !== 'datetime' || !/^\d{4}-\d{1,2}-\d{1,2}$/.test(operand.trim())) return null;
  const start = parseDateTime(operand);
  if (!start) badValue(f);
  return { start, next: new Date(start.getTime() + 86_400_000) };
}

function like(f: ListField, pattern: string): Condition {
  return sql<SqlBool>`${likeColumn(f)} like ${pattern}`;
}

function inList(f: ListField, items: readonly string[]): Condition {
  const values = items.map((s) => s.trim()).filter((s) => s !== '');
  if (values.length === 0) badValue(f);
  if (values.length > MAX_LIST_ITEMS) throw businessError(`查询条件过长：${f.property}`);
  return sql<SqlBool>`${column(f)} in (${sql.join(values.map((v) => bound(f, v)))})`;
}

/** One comparison on a field with a bound operand (date-only operands widen to the day). */
export function compare(f: ListField, op: Operator, operand: string): Condition {
  checkLength(f, operand);
  switch (op) {
    case 'in':
      return inList(f, operand.split(','));
    case 'like':
      return like(f, `%${escapeLike(operand)}%`);
    case 'left_like':
      return like(f, `%${escapeLike(operand)}`);
    case 'right_like':
      return like(f, `${escapeLike(operand)}%`);
  }
  const day = dayBounds(f, operand);
  const col = column(f);
  if (day) {
    switch (op) {
      case '=':
        return sql<SqlBool>`(${col} >= ${day.start} and ${col} < ${day.next})`;
      case '<>':
        return sql<SqlBool>`(${col} < ${day.start} or ${col} >= ${day.next})`;
      case '>':
      case '<=':
        return sql<SqlBool>`${col} ${sql.raw(op === '>' ? '>=' : '<')} ${day.next}`;
      default:
        return sql<SqlBool>`${col} ${sql.raw(op)} ${day.start}`;
    }
  }
  return sql<SqlBool>`${col} ${sql.raw(op)} ${bound(f, operand)}`;
}

/**
 * The value forms (docs/api.md, "List conventions") for `<property>=<value>`; null when the value is empty.
 * A plain value on a text field with `match: 'contains'` finds the values that include it ("= value" stays exact).
 */
export function valueCondition(f: ListField, raw: string): Condition | null {
  checkLength(f, raw);
  const value = raw.trim();
  if (value === '') return null;
  if (value.length > 1 && value.startsWith(',') && value.endsWith(',')) {
    const parts = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts.length === 0) return null;
    if (parts.length > MAX_LIST_ITEMS) throw businessError(`查询条件过长：${f.property}`);
    return sql<SqlBool>`(${sql.join(
      parts.map((p) => like(f, `%${escapeLike(p)}%`)),
      sql` or `,
    )})`;
  }
  const two = /^(>=|<=|!=)\s*(.+)$/s.exec(value);
  if (two) return compare(f, two[1] === '!=' ? '<>' : (two[1] as Operator), two[2]!.trim());
  const one = isText(f) ? /^([<>=]) (.+)$/s.exec(value) : /^([<>=])\s*(.+)$/s.exec(value);
  if (one) return compare(f, one[1] as Operator, one[2]!.trim());
  if (value === '*') return sql<SqlBool>`${column(f)} = ${'*'}`;
  if (value.length > 1 && value.startsWith('*') && value.endsWith('*')) return compare(f, 'like', value.slice(1, -1));
  if (value.startsWith('*')) return compare(f, 'left_like', value.slice(1));
  if (value.endsWith('*')) return compare(f, 'right_like', value.slice(0, -1));
  if (value.includes(',')) return inList(f, value.split(','));
  if (value.startsWith('!') && value.length > 1) return compare(f, '<>', value.slice(1).trim());
  return compare(f, f.match === 'contains' && isText(f) ? 'like' : '=', value);
}

/** `<prop>_begin` (>=, day start) and `<prop>_end` (<=, day end) ranges. */
export function rangeCondition(f: ListField, edge: 'begin' | 'end', raw: string): Condition | null {
  checkLength(f, raw);
  const value = raw.trim();
  if (value === '') return null;
  const col = column(f);
  if (f.type === 'datetime') {
    const day = dayBounds(f, value);
    if (day) return edge === 'begin' ? sql`${col} >= ${day.start}` : sql`${col} < ${day.next}`;
  }
  if (f.type === 'date') {
    const d = parseDay(value);
    if (!d) badValue(f);
    return sql<SqlBool>`${col} ${sql.raw(edge === 'begin' ? '>=' : '<=')} ${d}`;
  }
  return sql<SqlBool>`${col} ${sql.raw(edge === 'begin' ? '>=' : '<=')} ${bound(f, value)}`;
}

const RULES: Record<string, Operator> = {
  eq: '=',
  '=': '=',
  ne: '<>',
  '!=': '<>',
  '<>': '<>',
  gt: '>',
  '>': '>',
  ge: '>=',
  '>=': '>=',
  lt: '<',
  '<': '<',
  le: '<=',
  '<=': '<=',
  in: 'in',
  like: 'like',
  left_like: 'left_like',
  right_like: 'right_like',
};

/** The operator of a rule given as code or symbol (eq, =, ne, != …); undefined when unknown. */
export function ruleOperator(rule: string): Operator | undefined {
  const key = rule.trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(RULES, key) ? RULES[key] : undefined;
}

const VARIABLE = /#\{([A-Za-z_]+)\}/g;

function variableValue(name: string, vars: SystemVariables): string {
  const key = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).toLowerCase();
  const now = vars.now ?? new Date();
  switch (key) {
    case 'sys_user_code':
      return vars.sysUserCode;
    case 'sys_user_name':
      return vars.sysUserName ?? '';
    case 'sys_org_code':
      return vars.sysOrgCode ?? '';
    case 'sys_multi_org_code':
      return (vars.sysMultiOrgCode ?? []).join(',');
    case 'sys_date':
      return formatDay(now);
    case 'sys_time':
      return formatDateTime(now) ?? '';
    case 'tenant_id':
      return vars.tenantId ?? '';
    case 'bpm_status':
      return '1';
    default:
      throw businessError(`数据权限规则使用了未知的系统变量：${name}`);
  }
}

/** Replaces #{sys_…} variables in a rule value; the result is only ever bound as a value. */
export function substituteVariables(value: string, vars: SystemVariables): string {
  return value.replace(VARIABLE, (_, name: string) => variableValue(name, vars));
}

/** Data-permission rules as bound conditions; USE_SQL_RULES and unknown columns are refused. */
export function dataRuleConditions(rules: readonly DataRule[], fields: ReadonlyMap<string, ListField>, vars: SystemVariables): Condition[] {
  return rules.map((rule) => {
    if (/^use_sql_rules$/i.test(rule.condition.trim())) throw businessError('不支持SQL片段形式的数据权限规则');
    const f = fields.get(rule.column);
    if (!f) throw businessError(`数据权限规则的字段不存在：${rule.column}`);
    const op = ruleOperator(rule.condition);
    if (!op) throw businessError(`数据权限规则的条件不正确：${rule.condition}`);
    return compare(f, op, substituteVariables(rule.value, vars));
  });
}
