import { sql } from 'kysely';
import { businessError } from '../../../core/envelope';
import type { Db } from '../../../db/types';
import { withTransaction } from '../../../db/transaction';
import { IDENTIFIER, NAME_PATTERN, type DbType } from './model';
import { reservedTableReason } from './validate';

/** The stored metadata a sync reads (already validated when saved; identifiers are checked again here). */
export interface SyncField {
  db_field_name: string;
  db_type: string;
  db_length: number;
  db_point_length: number | null;
  db_is_null: number;
  db_is_key: number;
  db_default_val: string | null;
}
export interface SyncIndex {
  index_name: string;
  index_field: string;
  index_type: string;
}

/** A column type: its DDL text and what information_schema reports for it. */
interface ColumnType {
  ddl: string;
  kind: 'varchar' | 'integer' | 'double' | 'numeric' | 'date' | 'timestamp' | 'text';
  length?: number;
  precision?: number;
  scale?: number;
}

const fail = (message: string): never => {
  throw businessError(message);
};

/** Double-quoted identifier after checking it again; nothing else ever reaches DDL text. */
export function quoteIdent(name: string): string {
  if (!IDENTIFIER.test(name)) fail(`标识符“${name}”不合法`);
  return `"${name}"`;
}

/** The fixed map from the designer's types to PostgreSQL column types. */
export function columnType(f: Pick<SyncField, 'db_field_name' | 'db_type' | 'db_length' | 'db_point_length'>): ColumnType {
  const type = f.db_type as DbType;
  const len = Math.trunc(Number(f.db_length));
  switch (type) {
    case 'string':
      if (!(len >= 1 && len <= 4000)) fail(`字段“${f.db_field_name}”的长度必须在1到4000之间`);
      return { ddl: `varchar(${len})`, kind: 'varchar', length: len };
    case 'int':
      return { ddl: 'integer', kind: 'integer' };
    case 'double':
      return { ddl: 'double precision', kind: 'double' };
    case 'BigDecimal': {
      const point = Math.trunc(Number(f.db_point_length ?? 0));
      if (!(len >= 1 && len <= 38 && point >= 0 && point <= len)) fail(`字段“${f.db_field_name}”的长度或小数位数不正确`);
      return { ddl: `numeric(${len},${point})`, kind: 'numeric', precision: len, scale: point };
    }
    case 'Date':
      return { ddl: 'date', kind: 'date' };
    case 'Datetime':
      return { ddl: 'timestamp', kind: 'timestamp' };
    case 'Text':
      return { ddl: 'text', kind: 'text' };
    default:
      return fail(`字段“${f.db_field_name}”的类型“${f.db_type}”不能同步到数据库`);
  }
}

const NUMBER_DEFAULT = /^-?\d{1,18}(\.\d{1,10})?$/;
const TEXT_DEFAULT = /^[\p{L}\p{N} _\-.:@/]{0,100}$/u;

/** `default …` text for a validated default value: numbers as numbers, everything else a quoted literal. */
function defaultClause(f: SyncField, t: ColumnType): string | null {
  const v = f.db_default_val;
  if (v === null || v === '') return null;
  if (t.kind === 'integer' || t.kind === 'double' || t.kind === 'numeric') {
    if (!NUMBER_DEFAULT.test(v)) fail(`字段“${f.db_field_name}”的默认值不是数字`);
    return v;
  }
  if (!TEXT_DEFAULT.test(v)) fail(`字段“${f.db_field_name}”的默认值不合法`);
  return `'${v.replace(/'/g, "''")}'::${t.ddl}`;
}

function columnDefinition(f: SyncField): string {
  const t = columnType(f);
  const parts = [quoteIdent(f.db_field_name), t.ddl];
  const d = defaultClause(f, t);
  if (d) parts.push(`default ${d}`);
  if (f.db_is_key === 1) parts.push('not null');
  else if (f.db_is_null === 0) parts.push('not null');
  return parts.join(' ');
}

interface Existing {
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: string;
  column_default: string | null;
}

function existingType(c: Existing): ColumnType | null {
  switch (c.data_type) {
    case 'character varying':
      return c.character_maximum_length === null
        ? { ddl: 'text', kind: 'text' }
        : { ddl: `varchar(${c.character_maximum_length})`, kind: 'varchar', length: Number(c.character_maximum_length) };
    case 'integer':
      return { ddl: 'integer', kind: 'integer' };
    case 'smallint':
      return { ddl: 'smallint', kind: 'integer' };
    case 'double precision':
      return { ddl: 'double precision', kind: 'double' };
    case 'real':
      return { ddl: 'real', kind: 'double' };
    case 'character':
      return { ddl: `char(${c.character_maximum_length ?? 1})`, kind: 'varchar', length: Number(c.character_maximum_length ?? 1) };
    case 'numeric':
      return c.numeric_precision === null
        ? null
        : {
            ddl: `numeric(${c.numeric_precision},${c.numeric_scale ?? 0})`,
            kind: 'numeric',
            precision: Number(c.numeric_precision),
            scale: Number(c.numeric_scale ?? 0),
          };
    case 'date':
      return { ddl: 'date', kind: 'date' };
    case 'timestamp without time zone':
      return { ddl: 'timestamp', kind: 'timestamp' };
    case 'text':
      return { ddl: 'text', kind: 'text' };
    default:
      return null;
  }
}

const same = (a: ColumnType, b: ColumnType) => a.ddl === b.ddl;

/** True when every value of `from` converts to `to` without loss (a type change that is safe with data). */
export function isWidening(from: ColumnType, to: ColumnType): boolean {
  if (to.kind === 'text') return true;
  const textLen = to.kind === 'varchar' ? (to.length ?? 0) : -1;
  switch (from.kind) {
    case 'varchar':
      return to.kind === 'varchar' && textLen >= (from.length ?? Infinity);
    case 'integer':
      return (
        to.kind === 'integer' ||
        to.kind === 'double' ||
        (to.kind === 'numeric' && (to.precision ?? 0) - (to.scale ?? 0) >= 10) ||
        textLen >= 11
      );
    case 'numeric':
      return (
        (to.kind === 'numeric' &&
          (to.scale ?? 0) >= (from.scale ?? 0) &&
          (to.precision ?? 0) - (to.scale ?? 0) >= (from.precision ?? 0) - (from.scale ?? 0)) ||
        textLen >= (from.precision ?? 0) + 2
      );
    case 'double':
      return to.kind === 'double' || textLen >= 25;
    case 'date':
      return to.kind === 'timestamp' || textLen >= 10;
    case 'timestamp':
      return textLen >= 26;
    default:
      return false;
  }
}

export interface SyncResult {
  created: boolean;
  /** columns of removed fields that hold data and were kept */
  keptColumns: string[];
  droppedColumns: string[];
  message: string;
}

async function tableExists(db: Db, table: string): Promise<boolean> {
  const r = await sql<{
    n: number;
  }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

async function columnHasData(db: Db, table: string, column: string): Promise<boolean> {
  const r = await sql
    .raw<{ x: number }>(`select 1 as x from ${quoteIdent(table)} where ${quoteIdent(column)} is not null limit 1`)
    .execute(db);
  return r.rows.length > 0;
}

async function tableHasRows(db: Db, table: string): Promise<boolean> {
  const r = await sql.raw<{ x: number }>(`select 1 as x from ${quoteIdent(table)} limit 1`).execute(db);
  return r.rows.length > 0;
}

async function exec(db: Db, statement: string): Promise<void> {
  await sql.raw(statement).execute(db);
}

function checkedTable(table: string): string {
  const reason = reservedTableReason(table);
  if (reason) fail(reason);
  if (!NAME_PATTERN.test(table)) fail(`表名“${table}”不合法`);
  return table;
}

async function createTable(db: Db, table: string, fields: SyncField[]): Promise<void> {
  const columns = fields.map(columnDefinition);
  columns.push(`primary key (${quoteIdent('id')})`);
  await exec(db, `create table ${quoteIdent(table)} (\n  ${columns.join(',\n  ')}\n)`);
}

/** Indexes on the table other than its primary key. */
async function existingIndexes(db: Db, table: string): Promise<Map<string, string>> {
  // indexes that back a constraint (primary key, unique constraint of an imported table) are not ours to drop
  const r = await sql<{ indexname: string; indexdef: string }>`select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`.execute(
    db,
  );
  return new Map(r.rows.filter((i) => i.indexname !== `${table}_pkey`).map((i) => [i.indexname, i.indexdef]));
}

function indexDefinition(table: string, i: SyncIndex): string {
  const cols = i.index_field.split(',').map((c) => quoteIdent(c.trim()));
  return `create ${i.index_type === 'unique' ? 'unique ' : ''}index ${quoteIdent(i.index_name)} on ${quoteIdent(table)} (${cols.join(', ')})`;
}

async function syncIndexes(db: Db, table: string, indexes: SyncIndex[], recreateAll: boolean): Promise<void> {
  const existing = recreateAll ? new Map<string, string>() : await existingIndexes(db, table);
  const wanted = new Map(indexes.map((i) => [i.index_name, i]));
  for (const name of existing.keys()) {
    if (!wanted.has(name)) await exec(db, `drop index ${quoteIdent(name)}`);
  }
  for (const i of indexes) {
    const def = existing.get(i.index_name);
    const want = indexDefinition(table, i);
    if (def !== undefined) {
      const unique = /^create unique index/i.test(def);
      const cols = /\(([^)]*)\)\s*$/
        .exec(def)?.[1]
        ?.split(',')
        .map((c) => c.trim().replace(/"/g, ''))
        .join(',');
      if (unique === (i.index_type === 'unique') && cols === i.index_field) continue;
      await exec(db, `drop index ${quoteIdent(i.index_name)}`);
    } else {
      const elsewhere = await sql<{
        tablename: string;
      }>`select tablename from pg_indexes where schemaname = current_schema() and indexname = ${i.index_name}`.execute(db);
      if (elsewhere.rows.length) fail(`索引名“${i.index_name}”已被表“${elsewhere.rows[0]!.tablename}”使用，请换一个`);
    }
    try {
      await exec(db, want);
    } catch (err) {
      if (i.index_type === 'unique') fail(`唯一索引“${i.index_name}”创建失败：表中已有重复数据`);
      throw err;
    }
  }
}

/**
 * Brings the physical table in line with the metadata. `normal` creates or alters without losing data;
 * `force` drops and recreates the table. One transaction: on any refusal nothing changes.
 */
export async function syncTable(
  db: Db,
  table: string,
  fields: SyncField[],
  indexes: SyncIndex[],
  method: 'normal' | 'force',
): Promise<SyncResult> {
  checkedTable(table);
  for (const f of fields) {
    if (!NAME_PATTERN.test(f.db_field_name)) fail(`字段名“${f.db_field_name}”不合法`);
    columnType(f);
  }
  if (!fields.some((f) => f.db_field_name === 'id' && f.db_is_key === 1)) fail('必须有且只有一个主键，且主键字段名为 id');
  return withTransaction(db, async (trx) => {
    if (method === 'force') {
      if (await tableExists(trx, table)) await exec(trx, `drop table ${quoteIdent(table)}`);
      await createTable(trx, table, fields);
      await syncIndexes(trx, table, indexes, true);
      return { created: true, keptColumns: [], droppedColumns: [], message: '同步数据库成功!' };
    }
    if (!(await tableExists(trx, table))) {
      await createTable(trx, table, fields);
      await syncIndexes(trx, table, indexes, true);
      return { created: true, keptColumns: [], droppedColumns: [], message: '同步数据库成功!' };
    }
    const cols =
      await sql<Existing>`select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, is_nullable, column_default
      from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(trx);
    const existing = new Map(cols.rows.map((c) => [c.column_name, c]));
    const hasRows = await tableHasRows(trx, table);
    const t = quoteIdent(table);
    for (const f of fields) {
      const c = quoteIdent(f.db_field_name);
      const want = columnType(f);
      const now = existing.get(f.db_field_name);
      const notNull = f.db_is_key === 1 || f.db_is_null === 0;
      const def = defaultClause(f, want);
      if (!now) {
        if (notNull && hasRows && !def) fail(`字段“${f.db_field_name}”不允许为空，但表中已有数据：请先设置默认值或允许为空`);
        await exec(trx, `alter table ${t} add column ${columnDefinition(f)}`);
        continue;
      }
      const have = existingType(now);
      if (!have || !same(have, want)) {
        if (now.column_default !== null) await exec(trx, `alter table ${t} alter column ${c} drop default`);
        if (have && isWidening(have, want)) {
          await exec(trx, `alter table ${t} alter column ${c} type ${want.ddl} using ${c}::${want.ddl}`);
        } else if (await columnHasData(trx, table, f.db_field_name)) {
          fail(
            `字段“${f.db_field_name}”已有数据，不能从 ${have?.ddl ?? now.data_type} 改为 ${want.ddl}（会缩小长度或类型不兼容）；请先清空该列数据，或使用强制同步（会删除表中全部数据）`,
          );
        } else {
          await exec(trx, `alter table ${t} alter column ${c} type ${want.ddl} using null::${want.ddl}`);
        }
      }
      if (def) await exec(trx, `alter table ${t} alter column ${c} set default ${def}`);
      else if (now.column_default !== null) await exec(trx, `alter table ${t} alter column ${c} drop default`);
      if (notNull && now.is_nullable === 'YES') {
        const nulls = await sql.raw<{ x: number }>(`select 1 as x from ${t} where ${c} is null limit 1`).execute(trx);
        if (nulls.rows.length) fail(`字段“${f.db_field_name}”设为不允许为空，但已有数据为空：请先补全数据`);
        await exec(trx, `alter table ${t} alter column ${c} set not null`);
      } else if (!notNull && now.is_nullable === 'NO') {
        await exec(trx, `alter table ${t} alter column ${c} drop not null`);
      }
    }
    const wanted = new Set(fields.map((f) => f.db_field_name));
    const keptColumns: string[] = [];
    const droppedColumns: string[] = [];
    for (const name of existing.keys()) {
      if (wanted.has(name) || name === 'id') continue;
      if (!IDENTIFIER.test(name)) {
        keptColumns.push(name);
        continue;
      }
      if (await columnHasData(trx, table, name)) keptColumns.push(name);
      else {
        await exec(trx, `alter table ${t} drop column ${quoteIdent(name)}`);
        droppedColumns.push(name);
      }
    }
    await syncIndexes(trx, table, indexes, false);
    const message = keptColumns.length ? `同步数据库成功! 已删除字段的列 ${keptColumns.join('、')} 中有数据，已保留` : '同步数据库成功!';
    return { created: false, keptColumns, droppedColumns, message };
  });
}

export async function dropTableIfExists(db: Db, table: string): Promise<void> {
  checkedTable(table);
  if (await tableExists(db, table)) await exec(db, `drop table ${quoteIdent(table)}`);
}

export { tableExists };
