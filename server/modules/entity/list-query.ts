/**
 * The list conventions (docs/api.md) for any table whose fields are declared on the server:
 * paging, field filters with their value forms, ranges, sort, advanced query, the tree tables'
 * `condition`, data rules and `<field>_dictText`. Identifiers come only from the ListSource; every request value is bound.
 *
 *   const page = await runListQuery(db, { table: 'sys_role', fields: [...] }, request.query, {});
 *   return ok(page);
 */
import type { FieldType } from '../../../contract/entity';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, NOT_FILTER_PARAMS } from '../../../contract/list';
import { sql, type RawBuilder } from 'kysely';
import { businessError } from '../../core/envelope';
import type { JsonValue } from '../../core/json';
import { formatDateTime } from '../../core/time';
import type { Db } from '../../db/types';
import { addDictTexts } from './dict-text';
import { compare, dataRuleConditions, rangeCondition, valueCondition, type Condition } from './list-conditions';
import { superQueryCondition } from './super-query';
import { treeConditions } from './tree-condition';

export type { Condition } from './list-conditions';
export { compare, escapeLike, substituteVariables, ruleOperator } from './list-conditions';

export type { FieldType };

export interface ListField {
  /** camelCase name used in requests and JSON */
  property: string;
  /** SQL column name */
  column: string;
  type: FieldType;
  /** plain dictionary code: adds `<property>_dictText` to records */
  dictCode?: string;
  /** how a plain `<property>=<value>` matches; default exact */
  match?: QueryMatch;
}

/** contains: a plain value finds the rows whose text includes it; exact: equal values only. */
export type QueryMatch = 'contains' | 'exact';

export interface ListSource {
  table: string;
  fields: readonly ListField[];
  /** property of the primary key (a stable tie-breaker where one is needed) */
  idProperty?: string;
  /** used when the request gives no `column` */
  defaultSort?: { column: string; order: 'asc' | 'desc' };
}

/** A data-permission rule: column is a property, condition a rule code or symbol. */
export interface DataRule {
  column: string;
  condition: string;
  value: string;
}

/** Values of #{sys_user_code} #{sys_user_name} #{sys_org_code} #{sys_multi_org_code} #{sys_date} #{sys_time} #{tenant_id}. */
export interface SystemVariables {
  sysUserCode: string;
  sysUserName?: string | null;
  sysOrgCode?: string | null;
  sysMultiOrgCode?: readonly string[];
  tenantId?: string | null;
  now?: Date;
}

export type ListParams = Record<string, unknown>;

export interface ListOptions {
  dataRules?: readonly DataRule[];
  /** needed when dataRules use system variables */
  variables?: SystemVariables;
  /** extra conditions built by the calling module (object-level rules) */
  where?: readonly Condition[];
  maxPageSize?: number;
  /** default true */
  dictTexts?: boolean;
}

export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const MAX_SORT_COLUMNS = 5;

/** The text of a query parameter (the last one when repeated); undefined for absent or non-text values. */
export function paramText(params: ListParams, key: string): string | undefined {
  const raw = params[key];
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function fieldMap(source: ListSource): Map<string, ListField> {
  return new Map(source.fields.map((f) => [f.property, f]));
}

function positiveInt(text: string | undefined, fallback: number): number {
  if (text === undefined || !/^\s*\d{1,9}\s*$/.test(text)) return fallback;
  const n = Number(text);
  return n >= 1 ? n : fallback;
}

export function pageOf(params: ListParams, maxPageSize = MAX_PAGE_SIZE): { pageNo: number; pageSize: number } {
  const pageNo = positiveInt(paramText(params, 'pageNo'), 1);
  const pageSize = Math.min(positiveInt(paramText(params, 'pageSize'), DEFAULT_PAGE_SIZE), maxPageSize);
  return { pageNo, pageSize };
}

/** Field filters, ranges, advanced query, data rules and the caller's conditions. */
export function listConditions(source: ListSource, params: ListParams, options: ListOptions = {}): Condition[] {
  const fields = fieldMap(source);
  const out: Condition[] = [...(options.where ?? [])];
  if (options.dataRules?.length) {
    const vars = options.variables;
    if (!vars) throw new Error('data rules need the system variables of the signed-in user');
    out.push(...dataRuleConditions(options.dataRules, fields, vars));
  }
  for (const key of Object.keys(params)) {
    if (NOT_FILTER_PARAMS.has(key)) continue;
    const value = paramText(params, key);
    if (value === undefined) continue;
    const range = /^(.+)_(begin|end|MultiString)$/.exec(key);
    const rangeField = range ? fields.get(range[1]!) : undefined;
    let condition: Condition | null = null;
    if (range && rangeField) {
      if (range[2] !== 'MultiString') condition = rangeCondition(rangeField, range[2] as 'begin' | 'end', value);
      else if (value.trim() !== '') condition = compare(rangeField, 'in', value);
    } else {
      const f = fields.get(key);
      if (f) condition = valueCondition(f, value);
    }
    if (condition) out.push(condition);
  }
  const superQuery = paramText(params, 'superQueryParams');
  if (superQuery) {
    const c = superQueryCondition(superQuery, paramText(params, 'superQueryMatchType'), fields);
    if (c) out.push(c);
  }
  const condition = paramText(params, 'condition');
  if (condition) out.push(...treeConditions(condition, fields));
  return out;
}

export interface SortKeys {
  /** sort fields in order; with a tie-breaker the primary key comes last (a total order) */
  fields: ListField[];
  direction: 'asc' | 'desc';
}

/** The `column`/`order` request (names checked against the fields) or the source's default sort. */
export function sortKeys(source: ListSource, params: ListParams, tieBreaker = false): SortKeys {
  const fields = fieldMap(source);
  const requested = paramText(params, 'column')?.trim();
  const names = requested ? requested.split(',') : source.defaultSort ? [source.defaultSort.column] : [];
  if (names.length > MAX_SORT_COLUMNS) throw businessError(`排序字段不能超过${MAX_SORT_COLUMNS}个`);
  const orderText = requested ? (paramText(params, 'order') ?? 'desc') : (source.defaultSort?.order ?? 'desc');
  const chosen = names.map((name) => {
    const f = fields.get(name.trim().replace(/_dictText$/, ''));
    if (!f) throw businessError(`请注意，将要排序的列字段不存在：${name.slice(0, 64)}`);
    return f;
  });
  const id = source.idProperty ? fields.get(source.idProperty) : undefined;
  // nothing sorts after a unique key, so the key ends the list
  if (tieBreaker && id) chosen.splice(chosen.includes(id) ? chosen.indexOf(id) : chosen.length, chosen.length, id);
  return { fields: chosen, direction: /asc/i.test(orderText) ? 'asc' : 'desc' };
}

/** ORDER BY items for sortKeys. */
export function listOrder(source: ListSource, params: ListParams, tieBreaker = false): RawBuilder<unknown>[] {
  const { fields, direction } = sortKeys(source, params, tieBreaker);
  return fields.map((f) => sql`${sql.id(f.column)} ${sql.raw(direction)}`);
}

export function whereClause(conditions: readonly Condition[]): RawBuilder<unknown> {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

export function orderClause(items: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return items.length ? sql`order by ${sql.join(items)}` : sql``;
}

/** `"column" as "property"` for every field. */
export function selectList(fields: readonly ListField[]): RawBuilder<unknown> {
  return sql.join(fields.map((f) => sql`${sql.id(f.column)} as ${sql.id(f.property)}`));
}

/** A row selected with selectList as contract JSON (timestamps "yyyy-MM-dd HH:mm:ss"). */
export function toRecord(row: Record<string, unknown>): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = value instanceof Date ? formatDateTime(value) : (value as JsonValue);
  }
  return out;
}

/** Column of the page query that carries the row count (no field property starts with "__"). */
const TOTAL_COLUMN = '__total';

/** One page of records with total, size, current and pages (MyBatis-Plus IPage). */
export async function runListQuery(
  db: Db,
  source: ListSource,
  params: ListParams,
  options: ListOptions = {},
): Promise<PageResult<Record<string, JsonValue>>> {
  const { pageNo, pageSize } = pageOf(params, options.maxPageSize);
  const where = whereClause(listConditions(source, params, options));
  // rows that tie on the sort columns (one import's create_time) would otherwise land on two pages or none
  const order = orderClause(listOrder(source, params, true));
  const table = sql.table(source.table);
  const offset = (pageNo - 1) * pageSize;
  // the count rides along as a scalar subquery (evaluated once, at the first row): one round trip per page
  const page = await sql<Record<string, unknown>>`select ${selectList(source.fields)},
    (select count(*) from ${table} ${where}) as ${sql.id(TOTAL_COLUMN)}
    from ${table} ${where} ${order} limit ${pageSize} offset ${offset}`.execute(db);
  const first = page.rows[0];
  // an empty page (past the end, or no rows at all) carries no count
  const total = first
    ? Number(first[TOTAL_COLUMN])
    : Number((await sql<{ total: number }>`select count(*) as total from ${table} ${where}`.execute(db)).rows[0]?.total ?? 0);
  const rows = page.rows.map(({ [TOTAL_COLUMN]: _total, ...row }) => row);
  let records = rows.map(toRecord);
  if (options.dictTexts !== false) records = await addDictTexts(db, records, source.fields);
  return { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
}
