import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * The definitions a logical backup recreates: every table, view and sequence of schema `public` with its columns,
 * defaults, constraints and indexes, as PostgreSQL itself prints them (format_type, pg_get_expr,
 * pg_get_constraintdef, pg_get_indexdef, pg_get_viewdef). Entity and online-form tables are created at run time,
 * so they are read from the catalog rather than from the migrations.
 */
export interface ColumnDef {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
  /** 'a' generated always / 'd' by default as identity, '' none */
  identity: string;
  /** stored generated column: its expression (not inserted on restore) */
  generated: string | null;
}

export interface TableDef {
  name: string;
  columns: ColumnDef[];
  /** primary key, unique and check constraints */
  constraints: { name: string; def: string }[];
  foreignKeys: { name: string; def: string }[];
  /** indexes that are not a constraint's own */
  indexes: string[];
}

export interface SequenceDef {
  name: string;
  dataType: string;
  /** bigint values as text: a sequence's bounds do not fit in a JavaScript number */
  start: string;
  increment: string;
  min: string;
  max: string;
  cache: string;
  cycle: boolean;
  lastValue: string | null;
  /** "table.column" when the sequence belongs to a serial column */
  ownedBy: string | null;
  /** identity sequences are created with their column; only their position is restored */
  identityOf: string | null;
}

export interface SchemaSnapshot {
  tables: TableDef[];
  views: { name: string; def: string }[];
  sequences: SequenceDef[];
}

type AnyDb = Kysely<unknown>;

async function rows<T>(db: AnyDb, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/**
 * Objects a logical backup would silently lose. A database holding any of them is refused with their names, so
 * that the operator uses pg_dump instead.
 */
export async function unsupportedObjects(db: AnyDb): Promise<string[]> {
  const found = await rows<{ what: string }>(
    db,
    sql`
    select 'schema ' || nspname as what from pg_namespace
      where nspname not in ('public', 'information_schema') and nspname not like 'pg\_%'
    union all select 'function ' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
    union all select 'trigger ' || t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace where not t.tgisinternal and n.nspname = 'public'
    union all select 'type ' || t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('e', 'd', 'r', 'm')
    union all select 'type ' || t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
      join pg_class c on c.oid = t.typrelid where n.nspname = 'public' and t.typtype = 'c' and c.relkind = 'c'
    union all select 'extension ' || extname from pg_extension where extname <> 'plpgsql'
    union all select 'relation ' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('m', 'p', 'f')
    union all select 'row-level security policy ' || polname from pg_policy
    order by 1`,
  );
  return found.map((r) => r.what);
}

export async function readSchema(db: AnyDb): Promise<SchemaSnapshot> {
  const tableNames = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  const columns = await rows<ColumnDef & { table: string }>(
    db,
    sql`select c.relname as "table", a.attname as name,
      format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as "notNull",
      case when a.attgenerated = '' then pg_get_expr(d.adbin, d.adrelid) end as default,
      a.attidentity::text as identity,
      case when a.attgenerated <> '' then pg_get_expr(d.adbin, d.adrelid) end as generated
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`,
  );
  const constraints = await rows<{ table: string; name: string; type: string; def: string }>(
    db,
    sql`select c.relname as "table",
      k.conname as name, k.contype::text as type, pg_get_constraintdef(k.oid) as def
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and k.contype in ('p', 'u', 'c', 'f', 'x') order by c.relname, k.conname`,
  );
  const indexes = await rows<{ table: string; def: string }>(
    db,
    sql`select c.relname as "table", pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid)
    order by c.relname, i.indexrelid`,
  );
  const views = await rows<{ name: string; def: string }>(
    db,
    sql`select c.relname as name, pg_get_viewdef(c.oid, true) as def
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'v' order by c.oid`,
  );
  return {
    tables: tableNames.map(({ name }) => ({
      name,
      columns: columns.filter((c) => c.table === name).map(({ table: _table, ...c }) => c),
      constraints: constraints.filter((k) => k.table === name && k.type !== 'f').map(({ name: n, def }) => ({ name: n, def })),
      foreignKeys: constraints.filter((k) => k.table === name && k.type === 'f').map(({ name: n, def }) => ({ name: n, def })),
      indexes: indexes.filter((i) => i.table === name).map((i) => i.def),
    })),
    views,
    sequences: await readSequences(db),
  };
}

async function readSequences(db: AnyDb): Promise<SequenceDef[]> {
  const found = await rows<Omit<SequenceDef, 'lastValue'>>(
    db,
    sql`select s.sequencename as name, s.data_type::text as "dataType",
      s.start_value::text as start, s.increment_by::text as increment, s.min_value::text as min, s.max_value::text as max,
      s.cache_size::text as cache,
      s.cycle, (select t.relname || '.' || a.attname from pg_depend d join pg_class t on t.oid = d.refobjid
        join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
        where d.objid = c.oid and d.classid = 'pg_class'::regclass and d.deptype = 'a') as "ownedBy",
      (select t.relname || '.' || a.attname from pg_depend d join pg_class t on t.oid = d.refobjid
        join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
        where d.objid = c.oid and d.classid = 'pg_class'::regclass and d.deptype = 'i') as "identityOf"
    from pg_sequences s join pg_namespace n on n.nspname = s.schemaname
    join pg_class c on c.relname = s.sequencename and c.relnamespace = n.oid
    where s.schemaname = 'public' order by s.sequencename`,
  );
  const result: SequenceDef[] = [];
  for (const s of found) {
    // last_value of pg_sequences is null until the first nextval; reading the sequence itself is the state to restore
    const state = await rows<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text, is_called from ${sql.id(s.name)}`,
    );
    result.push({ ...s, lastValue: state[0]?.is_called ? state[0].last_value : null });
  }
  return result;
}
