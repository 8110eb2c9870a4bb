import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { newId } from '../../core/ids';
import type { Db } from '../../db/types';
import type { EntityDefinition, EntityField } from './definitions';

/** Bumped when the engine's DDL for the same definition changes. */
const ENGINE_VERSION = '2';

export class EntityMigrationError extends Error {}

interface DbColumn {
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
}

/** The SQL type of a field, e.g. varchar(100), numeric(10,2), timestamptz. */
export function sqlType(f: Pick<EntityField, 'type' | 'length' | 'precision' | 'scale'>): string {
  switch (f.type) {
    case 'string':
      return `varchar(${f.length ?? 255})`;
    case 'text':
      return 'text';
    case 'int':
      return 'integer';
    case 'bigint':
      return 'bigint';
    case 'decimal':
      return f.precision ? `numeric(${f.precision},${f.scale ?? 0})` : 'numeric';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
  }
}

function describe(c: DbColumn): string {
  switch (c.data_type) {
    case 'character varying':
      return c.character_maximum_length ? `varchar(${c.character_maximum_length})` : 'varchar';
    case 'numeric':
      return c.numeric_precision ? `numeric(${c.numeric_precision},${c.numeric_scale ?? 0})` : 'numeric';
    case 'timestamp with time zone':
      return 'timestamptz';
    default:
      return c.data_type;
  }
}

const INTEGER_DIGITS: Record<string, number> = { smallint: 5, integer: 10, bigint: 19 };

/** 'same' | 'widen' (alter type keeps every value) | 'destructive'. */
export function compareTypes(current: DbColumn, f: EntityField): 'same' | 'widen' | 'destructive' {
  const want = sqlType(f);
  const have = describe(current);
  if (want === have) return 'same';
  if (want === 'text') return 'widen';
  const varchar = /^varchar\((\d+)\)$/.exec(want);
  if (varchar && current.data_type === 'character varying') {
    return current.character_maximum_length !== null && Number(varchar[1]) >= current.character_maximum_length ? 'widen' : 'destructive';
  }
  if (want === 'bigint' && (have === 'integer' || have === 'smallint')) return 'widen';
  if (want === 'integer' && have === 'smallint') return 'widen';
  if (f.type === 'decimal') {
    if (want === 'numeric') return have.startsWith('numeric') || have in INTEGER_DIGITS ? 'widen' : 'destructive';
    const p = f.precision ?? 0;
    const s = f.scale ?? 0;
    if (have in INTEGER_DIGITS) return p - s >= INTEGER_DIGITS[have]! ? 'widen' : 'destructive';
    if (current.data_type === 'numeric' && current.numeric_precision !== null) {
      const hp = current.numeric_precision;
      const hs = current.numeric_scale ?? 0;
      return s >= hs && p - s >= hp - hs ? 'widen' : 'destructive';
    }
    return 'destructive';
  }
  if (want === 'timestamptz' && have === 'date') return 'widen';
  return 'destructive';
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

function columnDdl(f: EntityField): string {
  return `${q(f.column)} ${sqlType(f)}${f.primaryKey ? ' primary key' : ''}`;
}

export function definitionHash(def: EntityDefinition): string {
  return createHash('sha256').update(ENGINE_VERSION).update(JSON.stringify(def.json)).digest('hex');
}

async function tableColumns(db: Kysely<unknown>, table: string): Promise<Map<string, DbColumn>> {
  const res = await sql<DbColumn>`select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale
    from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return new Map(res.rows.map((r) => [r.column_name, r]));
}

async function indexNames(db: Kysely<unknown>, table: string): Promise<Set<string>> {
  const res = await sql<{
    indexname: string;
  }>`select indexname from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(db);
  return new Set(res.rows.map((r) => r.indexname));
}

/** A unique index over rows that already repeat would fail with the driver's text: stop with our own message instead. */
async function refuseDuplicates(db: Kysely<unknown>, def: EntityDefinition, columns: readonly string[]): Promise<void> {
  const cols = columns.map(q).join(', ');
  // NULLs never clash in a unique index, so rows holding one are left out.
  const notNull = columns.map((c) => `${q(c)} is not null`).join(' and ');
  const res = await sql
    .raw<{ n: number }>(`select 1 as n from ${q(def.table)} where ${notNull} group by ${cols} having count(*) > 1 limit 1`)
    .execute(db);
  if (res.rows.length > 0) {
    throw new EntityMigrationError(`实体 ${def.table} 的列 ${columns.join('、')} 已有重复数据，不能设为唯一，启动已停止；请先清理重复数据`);
  }
}

/** The DDL that brings the table to the definition; throws naming the entity and column on a destructive change. */
export async function plannedStatements(db: Kysely<unknown>, def: EntityDefinition): Promise<string[]> {
  const existing = await tableColumns(db, def.table);
  const statements: string[] = [];
  if (existing.size === 0) {
    statements.push(`create table ${q(def.table)} (${def.fields.map(columnDdl).join(', ')})`);
  } else {
    for (const f of def.fields) {
      const current = existing.get(f.column);
      if (!current) {
        if (f.primaryKey) throw new EntityMigrationError(`实体 ${def.table} 的主键列 ${f.column} 在已有表中不存在，启动已停止`);
        statements.push(`alter table ${q(def.table)} add column ${columnDdl(f)}`);
        continue;
      }
      const change = compareTypes(current, f);
      if (change === 'destructive') {
        throw new EntityMigrationError(
          `实体 ${def.table} 的列 ${f.column} 不能从 ${describe(current)} 改为 ${sqlType(f)}（可能丢失数据），启动已停止；请先手工迁移数据`,
        );
      }
      if (change === 'widen') statements.push(`alter table ${q(def.table)} alter column ${q(f.column)} type ${sqlType(f)}`);
    }
  }
  const indexes = existing.size === 0 ? new Set<string>() : await indexNames(db, def.table);
  for (const ix of def.indexes) {
    if (indexes.has(ix.name)) continue;
    if (ix.unique && ix.columns.every((c) => existing.has(c))) await refuseDuplicates(db, def, ix.columns);
    statements.push(`create ${ix.unique ? 'unique ' : ''}index ${q(ix.name)} on ${q(def.table)} (${ix.columns.map(q).join(', ')})`);
  }
  return statements;
}

/**
 * Creates or migrates each entity's table (never dropping a column or data). A definition whose hash
 * is recorded in sys_entity_schema is skipped; each change is recorded in sys_entity_migration.
 */
export async function syncEntityTables(db: Db, defs: readonly EntityDefinition[]): Promise<string[]> {
  const raw = db as unknown as Kysely<unknown>;
  const recorded = await sql<{
    table_name: string;
    definition_hash: string;
  }>`select table_name, definition_hash from sys_entity_schema`.execute(raw);
  const known = new Map(recorded.rows.map((r) => [r.table_name, r.definition_hash]));
  const changed: string[] = [];
  for (const def of defs) {
    const hash = definitionHash(def);
    if (known.get(def.table) === hash) continue;
    await raw.transaction().execute(async (trx) => {
      const statements = await plannedStatements(trx, def);
      for (const statement of statements) await sql.raw(statement).execute(trx);
      await sql`insert into sys_entity_migration (id, table_name, definition_hash, statements, applied_time)
        values (${newId()}, ${def.table}, ${hash}, ${statements.join(';\n')}, now())`.execute(trx);
      await sql`insert into sys_entity_schema (table_name, definition_hash, definition, update_time)
        values (${def.table}, ${hash}, ${JSON.stringify(def.json)}, now())
        on conflict (table_name) do update set definition_hash = excluded.definition_hash, definition = excluded.definition, update_time = now()`.execute(
        trx,
      );
    });
    changed.push(def.table);
  }
  return changed;
}
