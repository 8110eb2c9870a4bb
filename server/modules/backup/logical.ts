import { sql, type Kysely } from 'kysely';
import { createStatements, finishStatements } from './ddl';
import type { TableEntry } from './manifest';
import { countRows, exportRows, importRows } from './rows';
import { readSchema, type SchemaSnapshot } from './schema';

type AnyDb = Kysely<unknown>;

/** Recreates a logical copy in the caller's transaction: definitions, then rows chunk by chunk, then keys, indexes and views. */
export class LogicalImport {
  constructor(
    private readonly trx: AnyDb,
    private readonly schema: SchemaSnapshot,
  ) {}

  async begin(): Promise<void> {
    for (const statement of createStatements(this.schema)) await sql.raw(statement).execute(this.trx);
  }

  async rows(tableIndex: number, chunk: Buffer): Promise<void> {
    const table = this.schema.tables[tableIndex];
    if (!table) throw new Error(`the backup holds rows of table number ${tableIndex}, which its schema does not define`);
    await importRows(this.trx, table, chunk);
  }

  async finish(): Promise<void> {
    for (const statement of finishStatements(this.schema)) await sql.raw(statement).execute(this.trx);
  }
}

/** Copies every table of `source` (a transaction, so one snapshot) into `target` (a transaction of an empty database). */
export async function copyDatabase(source: AnyDb, target: AnyDb): Promise<void> {
  await sql`set local bytea_output = 'hex'`.execute(source);
  const schema = await readSchema(source);
  const copy = new LogicalImport(target, schema);
  await copy.begin();
  for (const [index, table] of schema.tables.entries()) await exportRows(source, table.name, (chunk) => copy.rows(index, chunk));
  await copy.finish();
}

/** Refuses a restored database whose tables or row counts differ from the backup's manifest. */
export async function checkRowCounts(db: AnyDb, expected: TableEntry[]): Promise<void> {
  const actual = new Map((await countRows(db)).map((t) => [t.name, t.rows]));
  const wrong = expected
    .filter((t) => actual.get(t.name) !== t.rows)
    .map((t) => `${t.name}: ${t.rows} in the backup, ${actual.get(t.name) ?? 'no table'} restored`);
  const extra = [...actual.keys()].filter((name) => !expected.some((t) => t.name === name)).map((name) => `${name}: not in the backup`);
  const problems = [...wrong, ...extra];
  if (problems.length > 0) throw new Error(`the restored database does not match the backup (${problems.slice(0, 5).join('; ')})`);
}
