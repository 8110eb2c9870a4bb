import type { Selectable } from 'kysely';
import type { Db } from '../../db/types';
import type { OnlCgformHeadTable } from './form-tables';

export type HeadRow = Selectable<OnlCgformHeadTable>;

/** The form head a code names: the id first, then the table name (the runtime's `{code}` may be either); undefined when none. */
export async function readHead(db: Db, code: string): Promise<HeadRow | undefined> {
  if (!code || code.length > 64) return undefined;
  const byId = await db.selectFrom('onl_cgform_head').selectAll().where('id', '=', code).where('del_flag', '=', 0).executeTakeFirst();
  return (
    byId ?? (await db.selectFrom('onl_cgform_head').selectAll().where('table_name', '=', code).where('del_flag', '=', 0).executeTakeFirst())
  );
}
