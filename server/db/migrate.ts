import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { MIGRATIONS } from './migrations/index';

/** The migrations listed in server/db/migrations/index.ts (NNN_name.ts exporting up(db), optionally down(db)). */
class ListedMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const name of migrationNames()) migrations[name] = { up: MIGRATIONS[name].up, down: MIGRATIONS[name].down };
    return migrations;
  }
}

export interface MigrateResult {
  /** names of the migrations applied by this call */
  applied: string[];
  /** true when the database had no migration before this call */
  fresh: boolean;
}

export function migrationNames(): string[] {
  return Object.keys(MIGRATIONS).sort();
}

/** Names already recorded, or null when the table does not exist yet (fresh database). */
async function recordedMigrations(db: Kysely<unknown>): Promise<Set<string> | null> {
  const exists = await sql<{ present: boolean }>`select to_regclass('sys_migration') is not null as present`.execute(db);
  if (!exists.rows[0]?.present) return null;
  const rows = await sql<{ name: string }>`select name from sys_migration`.execute(db);
  return new Set(rows.rows.map((r) => r.name));
}

/** Applies pending migrations, recorded in table sys_migration. Throws on the first failure. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<MigrateResult> {
  const recorded = await recordedMigrations(db as unknown as Kysely<unknown>);
  if (recorded && migrationNames().every((name) => recorded.has(name))) return { applied: [], fresh: false };
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: new ListedMigrationProvider(),
    migrationTableName: 'sys_migration',
    migrationLockTableName: 'sys_migration_lock',
    // modules are written in parallel: a migration numbered below one already applied still runs once
    allowUnorderedMigrations: true,
  });
  const before = await migrator.getMigrations();
  const fresh = before.every((m) => m.executedAt === undefined);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName), fresh };
}
