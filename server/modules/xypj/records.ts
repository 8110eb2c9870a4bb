import { sql } from 'kysely';
import { businessError } from '../../core/envelope';
import type { Db } from '../../db/types';
import type { JsonValue } from '../../core/json';
import type { EntityDefinition } from '../entity/definitions';
import { entityDefinitions } from '../entity';
import { selectList, toRecord } from '../entity/list-query';

export function definitionOf(table: string): EntityDefinition {
  const def = entityDefinitions().find((d) => d.table === table);
  if (!def) throw new Error(`entity ${table} is not loaded`);
  return def;
}

/** One row of an entity table as contract JSON, or null. */
export async function findRecord(db: Db, table: string, id: string): Promise<Record<string, JsonValue> | null> {
  const def = definitionOf(table);
  const res = await sql<
    Record<string, unknown>
  >`select ${selectList(def.fields)} from ${sql.table(table)} where ${sql.id(def.id.column)} = ${id}`.execute(db);
  return res.rows[0] ? toRecord(res.rows[0]) : null;
}

export async function requireRecord(db: Db, table: string, id: unknown): Promise<Record<string, JsonValue>> {
  if (typeof id !== 'string' || id.trim() === '' || id.length > 64) throw businessError('未找到对应数据');
  const row = await findRecord(db, table, id);
  if (!row) throw businessError('未找到对应数据');
  return row;
}

/** A record with the rows of each of its sub-tables under their body property (the master form's shape). */
export async function recordWithSubTables(db: Db, table: string, id: string): Promise<Record<string, JsonValue> | null> {
  const def = definitionOf(table);
  const record = await findRecord(db, table, id);
  if (!record) return null;
  for (const sub of def.subTables) {
    const fk = sub.entity.fields.find((f) => f.property === sub.foreignKey)!;
    const res = await sql<Record<string, unknown>>`select ${selectList(sub.entity.fields)} from ${sql.table(sub.entity.table)}
      where ${sql.id(fk.column)} = ${id} order by create_time asc, ${sql.id(sub.entity.id.column)} asc`.execute(db);
    record[sub.property] = res.rows.map(toRecord);
  }
  return record;
}

/** A required text of a request body, trimmed; refuses with `${label}不能为空` or a length message. */
export function requiredText(body: unknown, property: string, label: string, maxLength: number): string {
  const raw = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[property] : undefined;
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (!value) throw businessError(`${label}不能为空`);
  if ([...value].length > maxLength) throw businessError(`${label}长度不能超过${maxLength}个字符`);
  return value;
}
