import { sql } from 'kysely';
import type { JsonValue } from '../../core/json';
import type { Db } from '../../db/types';
import type { EntityField, SubTable } from './definitions';
import { addDictTexts } from './dict-text';
import { selectList, toRecord } from './list-query';

/** One sub-table column of a main-with-sub-rows sheet: headed `<sub-table label>-<field label>`. */
export interface SubColumn {
  sub: SubTable;
  field: EntityField;
  title: string;
}

/** The header of a sub-table column; the import reads it back. */
export const subColumnTitle = (sub: SubTable, field: EntityField) => `${sub.entity.label}-${field.label}`;

/** Every sub table's own fields (not its key, audit columns or the foreign key), in table then field order. */
export function subColumns(subTables: readonly SubTable[]): SubColumn[] {
  return subTables.flatMap((sub) =>
    sub.entity.fields
      .filter((f) => !f.primaryKey && !f.audit && f.property !== sub.foreignKey)
      .map((field) => ({ sub, field, title: subColumnTitle(sub, field) })),
  );
}

/** The sub rows of the given main records (dictionary texts added), by main id, in the order they were entered. */
export async function subRowsByMain(
  db: Db,
  sub: SubTable,
  mainIds: readonly string[],
): Promise<Map<string, Array<Record<string, JsonValue>>>> {
  const byMain = new Map<string, Array<Record<string, JsonValue>>>();
  if (!mainIds.length) return byMain;
  const def = sub.entity;
  const fk = def.fields.find((f) => f.property === sub.foreignKey);
  if (!fk) throw new Error(`foreign key ${sub.foreignKey} missing in ${def.table}`);
  const order =
    def.fields.find((f) => f.property === 'orderNum' || f.property === 'order_num') ??
    def.fields.find((f) => f.property === 'createTime' || f.property === 'create_time');
  const orderBy = order ? sql`${sql.id(order.column)} asc, ${sql.id(def.id.column)} asc` : sql`${sql.id(def.id.column)} asc`;
  const fields = [...new Set([...def.fields.filter((f) => !f.audit || f === order), fk])];
  const res = await sql<Record<string, unknown>>`select ${selectList(fields)} from ${sql.table(def.table)}
    where ${sql.id(fk.column)} in (${sql.join([...mainIds])}) order by ${orderBy}`.execute(db);
  const records = await addDictTexts(db, res.rows.map(toRecord), fields);
  for (const r of records) {
    const key = String(r[sub.foreignKey]);
    const list = byMain.get(key) ?? [];
    list.push(r);
    byMain.set(key, list);
  }
  return byMain;
}
