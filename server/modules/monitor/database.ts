import { sql } from 'kysely';
import type { Db } from '../../db/types';

export interface SlowStatement {
  query: string;
  calls: number;
  meanMs: number;
  totalMs: number;
  rows: number;
}

async function attempt<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * 数据库: version, size, connections, cache hit ratio, largest tables and — when the pg_stat_statements
 * extension is installed — the slowest statements. A figure the database cannot give is null.
 */
export async function databaseInfo(db: Db) {
  const version = await attempt(async () => (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v ?? '');
  const backend = /PGlite/i.test(version ?? '') ? 'PGlite' : 'PostgreSQL';
  const size = await attempt(async () =>
    num((await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(db)).rows[0]?.n),
  );
  const connections = await attempt(async () => {
    const row = (
      await sql<{ total: string; active: string; max: string }>`select count(*) as total,
        count(*) filter (where state = 'active') as active, current_setting('max_connections') as max
      from pg_stat_activity where datname = current_database()`.execute(db)
    ).rows[0];
    return row ? { total: Number(row.total), active: Number(row.active), max: Number(row.max) } : null;
  });
  const cacheHitRatio = await attempt(async () => {
    const row = (
      await sql<{ hit: string | null; read: string | null }>`select sum(blks_hit) as hit, sum(blks_read) as read
      from pg_stat_database where datname = current_database()`.execute(db)
    ).rows[0];
    const hit = Number(row?.hit ?? 0);
    const read = Number(row?.read ?? 0);
    return hit + read > 0 ? Math.round((hit / (hit + read)) * 10000) / 100 : null;
  });
  const tables = await attempt(async () =>
    (
      await sql<{ name: string; bytes: string; rows: string }>`select c.relname as name,
      pg_total_relation_size(c.oid) as bytes, greatest(c.reltuples, 0)::bigint as rows
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname = 'public' order by pg_total_relation_size(c.oid) desc limit 10`.execute(db)
    ).rows.map((r) => ({ name: r.name, bytes: Number(r.bytes), rows: Number(r.rows) })),
  );
  const hasStatements = await attempt(
    async () =>
      (await sql<{ one: number }>`select 1 as one from pg_extension where extname = 'pg_stat_statements'`.execute(db)).rows.length > 0,
  );
  const statements = hasStatements
    ? await attempt(async () =>
        (
          await sql<{ query: string; calls: string; mean: string; total: string; rows: string }>`select
          left(query, 300) as query, calls, mean_exec_time as mean, total_exec_time as total, rows
        from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
        order by mean_exec_time desc limit 10`.execute(db)
        ).rows.map((r): SlowStatement => ({
          query: r.query,
          calls: Number(r.calls),
          meanMs: Math.round(Number(r.mean) * 100) / 100,
          totalMs: Math.round(Number(r.total)),
          rows: Number(r.rows),
        })),
      )
    : null;
  return {
    backend,
    version,
    sizeBytes: size,
    connections,
    cacheHitRatio,
    tables: tables ?? [],
    slowStatements: { available: statements !== null, rows: statements ?? [] },
    time: Date.now(),
  };
}
