import { sql, type Kysely } from 'kysely';
import { ident, insertedColumns } from './ddl';
import type { TableDef } from './schema';

type AnyDb = Kysely<unknown>;

/** Rows are kept in members of about this size (JSON lines), so neither side holds a whole table in memory. */
export const CHUNK_BYTES = 4 * 1024 * 1024;
const MAX_FETCH = 1000;

/**
 * Reads every row of `table` as row_to_json text through a cursor of the caller's transaction (so all tables come
 * from one snapshot) and hands them on in chunks of about CHUNK_BYTES. Fetches fewer rows at a time when rows are
 * large (uploaded file contents). Answers the number of rows.
 */
export async function exportRows(trx: AnyDb, table: string, onChunk: (lines: Buffer) => Promise<void>): Promise<number> {
  await sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as line from ${sql.id(table)} t`.execute(trx);
  let count = 0;
  let fetchSize = 100;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    await onChunk(Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  for (;;) {
    const res = await sql<{ line: string }>`fetch forward ${sql.raw(String(fetchSize))} from backup_rows`.execute(trx);
    if (res.rows.length === 0) break;
    let fetchedBytes = 0;
    for (const { line } of res.rows) {
      const bytes = Buffer.from(`${line}\n`, 'utf8');
      fetchedBytes += bytes.length;
      pending.push(bytes);
      pendingBytes += bytes.length;
      count++;
      if (pendingBytes >= CHUNK_BYTES) await flush();
    }
    const perRow = Math.max(1, fetchedBytes / res.rows.length);
    fetchSize = Math.max(1, Math.min(MAX_FETCH, Math.floor(CHUNK_BYTES / perRow)));
  }
  await flush();
  await sql`close backup_rows`.execute(trx);
  return count;
}

/** Inserts one chunk of JSON lines into `table` (created from the backup's schema), in batches of bounded size. */
export async function importRows(trx: AnyDb, table: TableDef, chunk: Buffer): Promise<number> {
  const lines = chunk
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '');
  const columns = insertedColumns(table).map(ident).join(', ');
  const overriding = table.columns.some((c) => c.identity === 'a') ? sql.raw('overriding system value') : sql``;
  let batch: string[] = [];
  let batchBytes = 0;
  const insert = async () => {
    if (batch.length === 0) return;
    await sql`insert into ${sql.id(table.name)} (${sql.raw(columns)}) ${overriding}
      select ${sql.raw(columns)} from json_populate_recordset(null::${sql.id(table.name)}, ${`[${batch.join(',')}]`}::json)`.execute(trx);
    batch = [];
    batchBytes = 0;
  };
  for (const line of lines) {
    batch.push(line);
    batchBytes += line.length;
    if (batch.length >= MAX_FETCH || batchBytes >= CHUNK_BYTES) await insert();
  }
  await insert();
  return lines.length;
}

/** Rows of every table of schema public, counted in the caller's transaction or connection. */
export async function countRows(db: AnyDb): Promise<{ name: string; rows: number }[]> {
  const tables = await sql<{ name: string }>`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' order by c.relname`.execute(db);
  const result: { name: string; rows: number }[] = [];
  for (const { name } of tables.rows) {
    const res = await sql<{ n: number | string }>`select count(*) as n from ${sql.id(name)}`.execute(db);
    result.push({ name, rows: Number(res.rows[0]?.n ?? 0) });
  }
  return result;
}
