import { sql, type RawBuilder } from 'kysely';
import { businessError } from '../../core/envelope';
import { formatDateTime } from '../../core/time';
import type { ReportExecutor } from './report-executor';
import { compileReportSql } from './sql-runner';
import { checkReportSql, type CheckedSql } from './sql-guard';
import type { ReportConfig, ReportItem } from './tables';

export const FILTER_REFUSED_MESSAGE = '查询条件格式不正确';
export const SORT_REFUSED_MESSAGE = '排序字段不存在';
/** rows one request returns at most (also without paging) */
export const REPORT_ROW_CAP = 1000;
/** rows an export writes at most */
export const EXPORT_ROW_CAP = 20000;
/** characters of one cell at most; a longer value is cut and ends with … */
export const REPORT_CELL_CAP = 2000;
/** bytes of the cell texts of one answer at most (rows after it are left out); an export may hold more */
export const REPORT_BYTE_CAP = 4 * 1024 * 1024;
export const EXPORT_BYTE_CAP = 32 * 1024 * 1024;

const NUMBER = /^-?\d{1,15}(\.\d{1,10})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

type FieldKind = 'text' | 'number' | 'date' | 'datetime';

export function fieldKind(type: string): FieldKind {
  const t = type.toLowerCase();
  if (['integer', 'int', 'long', 'double', 'bigdecimal', 'number', 'float'].includes(t)) return 'number';
  if (t === 'date') return 'date';
  if (t === 'datetime' || t === 'timestamp') return 'datetime';
  return 'text';
}

export interface DataRequest {
  /** query-string values (query fields, <field>_begin/_end, self_<param>) */
  values: Record<string, string>;
  column?: string;
  order?: string;
  pageNo: number;
  /** <= 0 means no paging (up to the row cap) */
  pageSize: number;
}

export interface ReportData {
  records: Array<Record<string, unknown>>;
  total: number;
  /** sums of the is_total columns over the whole filtered result (only when the report has such columns) */
  totals?: Record<string, number | null>;
  /** set when rows were left out or cells cut by the caps; `capMessage` says which cap (shown by the report page) */
  truncated?: boolean;
  capMessage?: string;
}

const contains = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function checked(value: string, kind: FieldKind): string {
  const ok = kind === 'number' ? NUMBER.test(value) : kind === 'text' ? true : DATETIME.test(value);
  if (!ok) throw businessError(FILTER_REFUSED_MESSAGE);
  return value;
}

function rangeConditions(item: ReportItem, kind: FieldKind, begin: string, end: string): RawBuilder<unknown>[] {
  const c = sql.ref(`t.${item.field_name}`);
  const out: RawBuilder<unknown>[] = [];
  if (kind === 'text') {
    if (begin) out.push(sql`cast(${c} as varchar) >= ${begin}`);
    if (end) out.push(sql`cast(${c} as varchar) <= ${end}`);
  } else if (kind === 'number') {
    if (begin) out.push(sql`${c} >= cast(${checked(begin, kind)} as numeric)`);
    if (end) out.push(sql`${c} <= cast(${checked(end, kind)} as numeric)`);
  } else {
    if (begin) out.push(sql`${c} >= cast(${checked(begin, kind)} as timestamp)`);
    if (end && DATE.test(end)) out.push(sql`${c} < cast(${end} as date) + 1`);
    else if (end) out.push(sql`${c} <= cast(${checked(end, kind)} as timestamp)`);
  }
  return out;
}

function singleCondition(item: ReportItem, kind: FieldKind, value: string): RawBuilder<unknown> {
  const c = sql.ref(`t.${item.field_name}`);
  if (item.dict_code) {
    const list = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
      .slice(0, 100);
    return sql`cast(${c} as varchar) in (${sql.join(list.map((v) => sql`${v}`))})`;
  }
  if (kind === 'number') return sql`${c} = cast(${checked(value, kind)} as numeric)`;
  if (kind === 'date' || kind === 'datetime') {
    checked(value, kind);
    return DATE.test(value) ? sql`cast(${c} as date) = cast(${value} as date)` : sql`${c} = cast(${value} as timestamp)`;
  }
  return sql`cast(${c} as varchar) ilike ${contains(value)}`;
}

/** Conditions for the searchable items; identifiers come only from the item list, values are bound. */
export function filterConditions(items: ReportItem[], values: Record<string, string>): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  for (const item of items) {
    if (item.is_search !== 1) continue;
    const kind = fieldKind(item.field_type);
    const name = item.field_name;
    if (item.search_mode === 'group') {
      out.push(...rangeConditions(item, kind, (values[`${name}_begin`] ?? '').trim(), (values[`${name}_end`] ?? '').trim()));
    } else {
      const value = (values[name] ?? '').trim();
      if (value) out.push(singleCondition(item, kind, value));
    }
  }
  return out;
}

export function orderClause(items: ReportItem[], column: string | undefined, order: string | undefined): RawBuilder<unknown> {
  if (!column) return sql``;
  const name = column.replace(/_dictText$/, '');
  const item = items.find((i) => i.field_name === name);
  if (!item) throw businessError(SORT_REFUSED_MESSAGE);
  const direction = (order ?? '').toLowerCase() === 'asc' ? sql`asc` : sql`desc`;
  return sql`order by ${sql.ref(`t.${item.field_name}`)} ${direction} nulls last`;
}

function jsonValue(value: unknown, kind: FieldKind | undefined): unknown {
  if (value instanceof Date) return kind === 'date' ? (formatDateTime(value) ?? '').slice(0, 10) : formatDateTime(value);
  return value;
}

/** Report SQL parameters: `self_<name>` from the request, else the configured default. */
export function reportParams(config: ReportConfig, values: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const p of config.params) params[p.param_name] = p.param_value ?? '';
  for (const [k, v] of Object.entries(values)) if (k.startsWith('self_') && k.length > 5) params[k.slice(5)] = v;
  return params;
}

const toNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The result column names of the report SQL, without running it (`limit 0` under a one-row left join). */
async function columnNames(trx: Trx, inner: RawBuilder<unknown>): Promise<string[]> {
  const probe = await sql<Record<string, unknown>>`select t.* from (select 1) as d left join lateral (select * from (
${inner}
) as q limit 0) as t on true`.execute(trx);
  return Object.keys(probe.rows[0] ?? {});
}

/**
 * The page of rows with each cell longer than REPORT_CELL_CAP sent cut (in `__cut_<n>`, the cell itself null) and
 * rows left out once the running size of the cells passes `byteCap`: the database never sends a huge answer.
 */
function cappedRows(names: string[], page: RawBuilder<unknown>, byteCap: number): RawBuilder<Record<string, unknown>> {
  const cols = names.map((name, i) => {
    const c = sql.ref(`t.${name}`);
    const long = sql`octet_length(cast(${c} as text)) > ${sql.lit(REPORT_CELL_CAP)}`;
    return sql`case when ${long} then null else ${c} end as ${sql.id(name)}, case when ${long} then left(cast(${c} as text), ${sql.lit(REPORT_CELL_CAP)}) end as ${sql.id(`__cut_${i}`)}`;
  });
  const size = names.length
    ? sql.join(
        names.map((name) => sql`coalesce(least(octet_length(cast(${sql.ref(`t.${name}`)} as text)), ${sql.lit(REPORT_CELL_CAP * 4)}), 0)`),
        sql` + `,
      )
    : sql`0`;
  // offset 0 keeps the cutting below the window: the window then buffers cut cells, never the long values
  return sql<Record<string, unknown>>`select q.* from (
  select c.*, sum(c."__size") over (rows between unbounded preceding and current row) as "__bytes"
  from (select ${sql.join([...cols, sql`${size} as "__size"`])} from (${page}) as t offset 0) as c
) as q where q."__bytes" <= ${sql.lit(byteCap)}`;
}

type Trx = Parameters<Parameters<ReportExecutor['run']>[1]>[0];

export interface ReportCaps {
  rows: number;
  bytes: number;
}

/** The report's rows: its SQL as a subquery, with filters, sort and paging bound, in a read-only transaction. */
export async function reportData(
  executor: ReportExecutor,
  user: string,
  config: ReportConfig,
  request: DataRequest,
  system: Record<string, string>,
  caps: ReportCaps = { rows: REPORT_ROW_CAP, bytes: REPORT_BYTE_CAP },
): Promise<ReportData> {
  const checked = await checkReportSql(config.head.cgr_sql);
  const inner = compileReportSql(checked, reportParams(config, request.values), system);
  const conds = filterConditions(config.items, request.values);
  const where = conds.length ? sql.join(conds, sql` and `) : sql`true`;
  const order = orderClause(config.items, request.column, request.order);
  const limit = request.pageSize > 0 ? Math.min(request.pageSize, caps.rows) : caps.rows;
  const offset = request.pageSize > 0 ? (request.pageNo - 1) * limit : 0;
  const kinds = new Map(config.items.map((i) => [i.field_name, fieldKind(i.field_type)]));
  const totalled = config.items.filter((i) => i.is_total === '1');
  // count and totals in one pass over the filtered result
  // numeric columns are summed as they are (integer sums stay fast); others are read as numbers
  const sums = totalled.map((i) => {
    const c = sql.ref(`t.${i.field_name}`);
    return sql`sum(${fieldKind(i.field_type) === 'number' ? c : sql`cast(${c} as numeric)`}) as ${sql.id(`sum_${i.field_name}`)}`;
  });

  return executor.run(user, async (trx) => {
    const names = await columnNames(trx, inner);
    const count = await sql<Record<string, unknown>>`select ${sql.join([sql`count(*) as total`, ...sums])} from (
${inner}
) as t where ${where}`.execute(trx);
    const page = sql`select t.* from (
${inner}
) as t where ${where} ${order}
      limit ${limit} offset ${offset}`;
    const rows = await cappedRows(names, page, caps.bytes).execute(trx);
    let cut = false;
    const records = rows.rows.map((row) =>
      Object.fromEntries(
        names.map((name, i) => {
          const part = row[`__cut_${i}`];
          if (typeof part === 'string') cut = true;
          return [name, typeof part === 'string' ? `${part}…` : jsonValue(row[name], kinds.get(name))];
        }),
      ),
    );
    const head = count.rows[0] ?? {};
    const total = Number(head.total ?? 0);
    const out: ReportData = { records, total };
    if (totalled.length) out.totals = Object.fromEntries(totalled.map((i) => [i.field_name, toNumber(head[`sum_${i.field_name}`])]));
    const expected = Math.max(0, Math.min(limit, total - offset));
    const notes: string[] = [];
    if (records.length < expected) notes.push(`结果超过${Math.round(caps.bytes / 1024 / 1024)}MB，只返回了前${records.length}条`);
    else if (request.pageSize <= 0 && total > caps.rows) notes.push(`结果共${total}条，只返回了前${caps.rows}条`);
    if (cut) notes.push(`超过${REPORT_CELL_CAP}个字符的内容已截断`);
    if (notes.length) {
      out.truncated = true;
      out.capMessage = notes.join('；');
    }
    return out;
  });
}

/** A report result column as the designer shows it. */
export interface DerivedField {
  fieldName: string;
  fieldTxt: string;
  fieldType: string;
  orderNum: number;
  isShow: number;
  isSearch: number;
  isOrder: number;
  searchMode: string;
  dictCode: string;
  isTotal: string;
  groupTitle: string;
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

function typeOf(pgType: string): string {
  const t = pgType.toLowerCase();
  if (t === 'smallint' || t === 'integer') return 'Integer';
  if (t === 'bigint') return 'Long';
  if (t === 'real' || t === 'double precision') return 'Double';
  if (t.startsWith('numeric')) return 'BigDecimal';
  if (t === 'date') return 'Date';
  if (t.startsWith('timestamp')) return 'Datetime';
  return 'String';
}

/**
 * The result columns of a checked report SQL, without running it: `limit 0` under a one-row left join gives their
 * names, and pg_typeof their types, with every parameter bound as ''.
 */
export async function deriveColumns(
  executor: ReportExecutor,
  user: string,
  checked: CheckedSql,
  system: Record<string, string>,
): Promise<DerivedField[]> {
  const inner = compileReportSql(checked, {}, system);
  const probe = sql`(select 1) as d left join lateral (select * from (
${inner}
) as q limit 0) as t on true`;
  return executor.run(user, async (trx) => {
    const first = await sql<Record<string, unknown>>`select t.* from ${probe}`.execute(trx);
    const names = Object.keys(first.rows[0] ?? {});
    for (const name of names) if (!FIELD_NAME.test(name)) throw businessError(`报表SQL的结果列 ${name} 需要用 as 起一个英文字母开头的别名`);
    if (!names.length) return [];
    const types = await sql<
      Record<string, string>
    >`select ${sql.join(names.map((n) => sql`pg_typeof(${sql.ref(`t.${n}`)})::text as ${sql.id(n)}`))} from ${probe}`.execute(trx);
    const row = types.rows[0] ?? {};
    return names.map((name, i) => ({
      fieldName: name,
      fieldTxt: name,
      fieldType: typeOf(row[name] ?? ''),
      orderNum: i + 1,
      isShow: 1,
      isSearch: 0,
      isOrder: 0,
      searchMode: 'single',
      dictCode: '',
      isTotal: '0',
      groupTitle: '',
    }));
  });
}
