import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { entityDefinitions } from '../entity';

interface Column {
  table: string;
  label: string;
  column: string;
  columnLabel: string;
}

/** Columns outside the entity engine that hold stored paths. */
const FIXED_COLUMNS: readonly Column[] = [{ table: 'sys_user', label: '用户', column: 'avatar', columnLabel: '头像' }];

/** Every string/text column of the entity tables (a stored path may sit in any of them, comma-separated) and the fixed ones. */
function pathColumns(): Column[] {
  const fromEntities = entityDefinitions().flatMap((d) =>
    d.fields
      .filter((f) => (f.type === 'string' || f.type === 'text') && !f.audit && !f.primaryKey && f.column !== 'id')
      .map((f) => ({ table: d.table, label: d.label, column: f.column, columnLabel: f.label })),
  );
  return [...fromEntities, ...FIXED_COLUMNS];
}

/**
 * Where each stored path is still used: path → ["企业申报·申报材料(2条)", …]. One query per table and
 * column group; a path counts when a column holds it (alone or in a comma list, or inside rich text).
 */
export async function fileUsages(db: Db, paths: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(paths.map((p) => [p, []]));
  if (paths.length === 0) return out;
  const byTable = new Map<string, Column[]>();
  for (const c of pathColumns()) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);
  const present = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_name in (${sql.join([...byTable.keys()])})`.execute(db);
  const existing = new Set(present.rows.map((r) => r.name));
  for (const [table, columns] of byTable) {
    if (!existing.has(table)) continue;
    for (const path of paths) {
      const pattern = `%${path.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      const counts = columns.map((c) => sql<number>`count(*) filter (where ${sql.ref(c.column)} like ${pattern})`);
      const res = await sql<
        Record<string, number | string>
      >`select ${sql.join(counts.map((c, i) => sql`${c} as ${sql.id(`c${i}`)}`))} from ${sql.table(table)}`.execute(db);
      const row = res.rows[0] ?? {};
      columns.forEach((c, i) => {
        const n = Number(row[`c${i}`] ?? 0);
        if (n > 0) out.get(path)?.push(`${c.label}·${c.columnLabel}(${n}条)`);
      });
    }
  }
  return out;
}
