import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { businessError } from '../../core/envelope';
import type { Condition, ListField, ListParams, ListSource } from './list-query';
import { paramText, selectList, whereClause } from './list-query';

export const MAX_SORT_COLUMNS = 3;

export interface SortKeys {
  /** sort fields in order; the primary key is last when the source has one (a total order) */
  fields: ListField[];
  direction: 'asc' | 'desc';
}

/** The `column`/`order` request (or the source's default sort), checked against the source's fields. */
export function sortKeys(source: ListSource, params: ListParams, tieBreaker = false): SortKeys {
  const fields = new Map(source.fields.map((f) => [f.property, f]));
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
  if (tieBreaker && id && !chosen.includes(id)) chosen.push(id);
  return { fields: chosen, direction: /asc/i.test(orderText) ? 'asc' : 'desc' };
}

/**
 * "Comes after the last row" in ORDER BY keys (PostgreSQL puts NULLs first when descending, last when
 * ascending). The last row's values are read back by its id inside the query, so timestamps keep their
 * full precision and no value is converted.
 */
function afterLast(source: ListSource, keys: SortKeys, last: Record<string, unknown>, idField: ListField): Condition {
  const lastId = last[idField.property];
  const table = sql.table(source.table);
  const desc = keys.direction === 'desc';
  const build = (level: number): Condition => {
    const f = keys.fields[level];
    const column = sql.id(f.column);
    if (f === idField) return desc ? sql`${column} < ${lastId}` : sql`${column} > ${lastId}`;
    const rest = build(level + 1);
    const lastValue = sql`(select ${column} from ${table} where ${sql.id(idField.column)} = ${lastId})`;
    if (last[f.property] === null || last[f.property] === undefined) {
      return desc ? sql`(${column} is not null or (${column} is null and ${rest}))` : sql`(${column} is null and ${rest})`;
    }
    return desc
      ? sql`(${column} < ${lastValue} or (${column} = ${lastValue} and ${rest}))`
      : sql`(${column} > ${lastValue} or ${column} is null or (${column} = ${lastValue} and ${rest}))`;
  };
  return build(0);
}

/**
 * Every row matching `conditions`, in `keys` order, `size` rows at a time. Each batch is its own
 * short query (keyset paging), so a long export neither holds a transaction nor the whole sort.
 */
export async function* rowBatches(
  db: Db,
  source: ListSource,
  conditions: readonly Condition[],
  keys: SortKeys,
  fields: readonly ListField[],
  size: number,
): AsyncGenerator<Record<string, unknown>[]> {
  const idField = keys.fields.at(-1);
  if (!idField || idField.property !== source.idProperty) throw new Error(`${source.table}: keyset paging needs the id as the last sort key`);
  const selected = [...new Set([...fields, ...keys.fields])];
  const direction = keys.direction === 'asc' ? sql`asc` : sql`desc`;
  const order = sql`order by ${sql.join(keys.fields.map((f) => sql`${sql.id(f.column)} ${direction}`))}`;
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const where = whereClause(last ? [...conditions, afterLast(source, keys, last, idField)] : conditions);
    const { rows } = await sql<Record<string, unknown>>`select ${selectList(selected)} from ${sql.table(source.table)} ${where} ${order} limit ${size}`.execute(db);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    last = rows[rows.length - 1];
  }
}
