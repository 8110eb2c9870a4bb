import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/types';
import type { DuplicateTarget } from '../../entity/duplicate-check';
import { readHead } from './definition';
import { open } from './opened';

/**
 * A 唯一 field of a synced online form as a target of /sys/duplicate/check (the form field's duplicateCheck rule,
 * as for an entity's unique column): only for a caller who reaches the form and sees the field.
 */
export async function onlineDuplicateTarget(
  request: FastifyRequest,
  db: Db,
  tableName: string,
  fieldName: string,
): Promise<DuplicateTarget | undefined> {
  const head = await readHead(db, tableName);
  if (!head || head.table_name !== tableName || head.is_db_synch !== 'Y') return undefined;
  const o = await open(request, db, head.id);
  const field = o.def.fields.find((f) => f.property === fieldName && f.unique && !f.primaryKey);
  return field ? { table: o.def.table, column: field.column, idColumn: o.def.id.column } : undefined;
}
