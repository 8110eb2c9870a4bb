import { newId } from '../../../core/ids';
import type { Db } from '../../../db/types';
import type { FieldRow, HeadRow } from './model';

const now = () => new Date();

/** Stores a new form head (version 1), synchronised when its table already matches it; answers its id. */
export async function insertHead(db: Db, head: HeadRow, username: string, synchronised: boolean): Promise<string> {
  const id = newId();
  await db
    .insertInto('onl_cgform_head')
    .values({
      id,
      ...head,
      table_version: 1,
      is_db_synch: synchronised ? 'Y' : 'N',
      copy_type: 0,
      del_flag: 0,
      create_by: username,
      create_time: now(),
      update_by: null,
      update_time: null,
    })
    .execute();
  return id;
}

/** Stores the checked fields of a form; a field keeps the id `keep` names for it. */
export async function insertFields(
  db: Db,
  formId: string,
  rows: readonly FieldRow[],
  username: string,
  keep = new Map<string, string>(),
): Promise<void> {
  for (const f of rows) {
    await db
      .insertInto('onl_cgform_field')
      .values({
        id: keep.get(f.db_field_name) ?? newId(),
        cgform_head_id: formId,
        ...f,
        create_by: username,
        create_time: now(),
        update_by: null,
        update_time: null,
      })
      .execute();
  }
}
