import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { newId } from '../../core/ids';
import type { EntityDefinition } from './definitions';
import { selectList, toRecord } from './list-query';

/** Properties never copied into a version (audit noise is kept: who and when matter in a compare). */
const SKIPPED = new Set(['password', 'salt']);

/**
 * Stores the record as it is now as its next version in sys_data_log (数据日志). Runs in the
 * write's transaction, so a version exists exactly when the write happened.
 */
export async function recordDataVersion(db: Db, def: EntityDefinition, id: string, username: string): Promise<void> {
  // the row lock makes concurrent writes of one record take their version numbers one after the other
  const res = await sql<
    Record<string, unknown>
  >`select ${selectList(def.fields)} from ${sql.table(def.table)} where ${sql.id(def.id.column)} = ${id} for update`.execute(db);
  const row = res.rows[0];
  if (!row) return;
  const record = Object.fromEntries(Object.entries(toRecord(row)).filter(([k]) => !SKIPPED.has(k) && !k.endsWith('_dictText')));
  const last = await db
    .selectFrom('sys_data_log')
    .select((eb) => eb.fn.max('data_version').as('v'))
    .where('data_table', '=', def.table)
    .where('data_id', '=', id)
    .executeTakeFirst();
  await db
    .insertInto('sys_data_log')
    .values({
      id: newId(),
      data_table: def.table,
      data_id: id,
      data_version: Number(last?.v ?? 0) + 1,
      data_content: JSON.stringify(record),
      create_by: username,
      create_time: new Date(),
      update_by: null,
      update_time: null,
    })
    .execute();
}
