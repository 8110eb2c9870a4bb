import { sql } from 'kysely';
import { requireSession } from '../../../core/access-control';
import { businessError } from '../../../core/envelope';
import { newId } from '../../../core/ids';
import { registerFormAction } from '../actions';
import { quoteIdent } from './ddl';

/** Columns a copy never takes from the original: its key and audit columns are set anew. */
const FRESH = new Set(['id', 'create_by', 'create_time', 'update_by', 'update_time']);
const MAX_COPY = 100;

/**
 * `copyRecord`: copies the selected rows of the form's table (new id, creator and time; every other synced column
 * as it is). Column names come from the form's stored fields and are checked again before use.
 */
export function registerBuiltinFormActions(): void {
  registerFormAction('copyRecord', '复制所选记录', async ({ db, request, formId, tableName, dataIds }) => {
    if (dataIds.length === 0) throw businessError('请选择要复制的记录');
    if (dataIds.length > MAX_COPY) throw businessError(`一次最多复制${MAX_COPY}条记录`);
    const { user } = requireSession(request);
    const fields = await db.selectFrom('onl_cgform_field').select('db_field_name').where('cgform_head_id', '=', formId).execute();
    const cols = fields.map((f) => f.db_field_name).filter((c) => !FRESH.has(c));
    const table = quoteIdent(tableName);
    const list = cols.map(quoteIdent);
    let copied = 0;
    for (const id of dataIds) {
      const values = [sql`${newId()}`, ...cols.map((c) => sql.raw(quoteIdent(c))), sql`${user.username}`, sql`now()`];
      const names = [quoteIdent('id'), ...list, quoteIdent('create_by'), quoteIdent('create_time')].join(', ');
      const r =
        await sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select ${sql.join(values)} from ${sql.raw(table)} where ${sql.raw(quoteIdent('id'))} = ${id}`.execute(
          db,
        );
      copied += Number(r.numAffectedRows ?? 0);
    }
    return `已复制${copied}条记录`;
  });
}
