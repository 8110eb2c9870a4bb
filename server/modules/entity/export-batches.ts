import { sql } from 'kysely';
import type { Db } from '../../db/types';
import type { Condition, ListField, ListSource, SortKeys } from './list-query';
import { selectList, whereClause } from './list-query';

/**
 * "Comes after the last row" in ORDER BY keys (PostgreSQL puts NULLs first when descending, last when
 * ascending). The last row's values are read back by its id inside the query, so timestamps keep their
 * full precision and no value is converted.
 */
function afterLast(source: ListSource, keys: SortKeys, last: Record<string, unknown>, idField: ListField): Condition {
  const lastId = last[idField.property];
  const table = sql.table(source.table);
  const desc = keys.direction === 'desc';
  if (desc && keys.fields.every((f) => last[f.property] !== null && last[f.property] !== undefined)) {
    // Descending puts NULLs first, so every row left has non-null keys below the last row's: one row comparison,
    // which an index on the sort keys answers directly (the OR form below makes it filter from the top each time).
    const columns = sql.join(keys.fields.map((f) => sql.id(f.column)));
    return sql`(${columns}) < (select ${columns} from ${table} where ${sql.id(idField.column)} = ${lastId})`;
  }
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
  if (!idField || idField.property !== source.idProperty)
    throw new Error(`${source.table}: keyset paging needs the id as the last sort key`);
  const selected = [...new Set([...fields, ...keys.fields])];
  const order = sql`order by ${sql.join(keys.fields.map((f) => sql`${sql.id(f.column)} ${sql.raw(keys.direction)}`))}`;
  let last: Record<string, unknown> | undefined;
  for (;;) {
    const where = whereClause(last ? [...conditions, afterLast(source, keys, last, idField)] : conditions);
    const { rows } = await sql<
      Record<string, unknown>
    >`select ${selectList(selected)} from ${sql.table(source.table)} ${where} ${order} limit ${size}`.execute(db);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    last = rows[rows.length - 1];
  }
}
