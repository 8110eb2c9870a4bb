import { sql, type Kysely } from 'kysely';

async function columnsOf(db: Kysely<unknown>, table: string): Promise<Set<string>> {
  const res = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return new Set(res.rows.map((r) => r.column_name));
}

/**
 * The position's grade is `postRank` (column post_rank), as JeecgBoot clients send it; it used to be
 * `rank`. sys_position belongs to the entity engine, which creates it at start after the migrations, so a
 * fresh database has no table yet and nothing to do. An existing table keeps its values: the column is
 * renamed, or, when both columns exist, post_rank is filled from rank where it is empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = await columnsOf(db, 'sys_position');
  if (!columns.has('rank')) return;
  if (!columns.has('post_rank')) {
    await sql`alter table sys_position rename column rank to post_rank`.execute(db);
    return;
  }
  await sql`update sys_position set post_rank = rank where post_rank is null`.execute(db);
}
