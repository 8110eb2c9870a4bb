import { sql } from 'kysely';
import { businessError } from '../../../core/envelope';
import type { Db } from '../../../db/types';
import { NAME_PATTERN, type FieldInput, type HeadRow } from './model';
import { insertFields, insertHead } from './store';
import { checkField, checkFieldSet, checkHead, reservedTableReason } from './validate';

/** Physical tables of the public schema a form may be made from: not the product's own, not already a form. */
export async function importableTables(db: Db): Promise<string[]> {
  const r = await sql<{ table_name: string }>`select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const forms = new Set((await db.selectFrom('onl_cgform_head').select('table_name').execute()).map((h) => h.table_name));
  return r.rows.map((t) => t.table_name).filter((t) => !forms.has(t) && reservedTableReason(t) === null);
}

const PG_TYPES: Record<
  string,
  (c: {
    character_maximum_length: number | null;
    numeric_precision: number | null;
    numeric_scale: number | null;
  }) => { dbType: string; dbLength: number; dbPointLength?: number } | null
> = {
  'character varying': (c) =>
    c.character_maximum_length ? { dbType: 'string', dbLength: Number(c.character_maximum_length) } : { dbType: 'Text', dbLength: 0 },
  character: (c) => ({ dbType: 'string', dbLength: Number(c.character_maximum_length ?? 1) }),
  text: () => ({ dbType: 'Text', dbLength: 0 }),
  integer: () => ({ dbType: 'int', dbLength: 10 }),
  smallint: () => ({ dbType: 'int', dbLength: 5 }),
  'double precision': () => ({ dbType: 'double', dbLength: 10 }),
  real: () => ({ dbType: 'double', dbLength: 10 }),
  numeric: (c) =>
    c.numeric_precision
      ? { dbType: 'BigDecimal', dbLength: Number(c.numeric_precision), dbPointLength: Number(c.numeric_scale ?? 0) }
      : null,
  date: () => ({ dbType: 'Date', dbLength: 0 }),
  'timestamp without time zone': () => ({ dbType: 'Datetime', dbLength: 0 }),
};

/** Makes a form from an allowlisted table's columns; the form counts as synchronised. */
export async function importTable(db: Db, table: string, username: string): Promise<void> {
  const cols = await sql<{
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    numeric_precision: number | null;
    numeric_scale: number | null;
    is_nullable: string;
  }>`
    select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  const fields: FieldInput[] = [];
  for (const c of cols.rows) {
    const mapped = PG_TYPES[c.data_type]?.(c);
    if (!mapped) throw businessError(`表“${table}”的列“${c.column_name}”类型 ${c.data_type} 不支持导入`);
    if (!NAME_PATTERN.test(c.column_name)) throw businessError(`表“${table}”的列名“${c.column_name}”不合法，不能导入`);
    fields.push({
      dbFieldName: c.column_name,
      dbFieldTxt: c.column_name,
      ...mapped,
      dbIsKey: c.column_name === 'id' ? 1 : 0,
      dbIsNull: c.is_nullable === 'YES' ? 1 : 0,
      fieldShowType:
        mapped.dbType === 'Date' ? 'date' : mapped.dbType === 'Datetime' ? 'datetime' : mapped.dbType === 'Text' ? 'textarea' : 'text',
      isShowForm: c.column_name === 'id' ? 0 : 1,
      isShowList: c.column_name === 'id' ? 0 : 1,
    });
  }
  if (!fields.some((f) => f.dbFieldName === 'id')) throw businessError(`表“${table}”没有 id 列，不能导入`);
  const rows = fields.map((f, i) => checkField(f, i));
  const head: HeadRow = checkHead({ tableName: table, tableTxt: table, tableType: 1 });
  checkFieldSet(head, rows);
  const id = await insertHead(db, head, username, true);
  await insertFields(db, id, rows, username);
}
