import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.ts$/;

/** Every server/db/migrations/NNN_name.ts exporting up(db) (and optionally down(db)), in name order. */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const names = (await migrationFileNames()).sort();
    const migrations: Record<string, Migration> = {};
    for (const name of names) {
      const mod = (await import(pathToFileURL(join(MIGRATIONS_DIR, `${name}.ts`)).href)) as Migration;
      migrations[name] = { up: mod.up, down: mod.down };
    }
    return migrations;
  }
}

export interface MigrateResult {
  /** names of the migrations applied by this call */
  applied: string[];
  /** true when the database had no migration before this call */
  fresh: boolean;
}

async function migrationFileNames(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => MIGRATION_FILE.test(f)).map((f) => f.replace(/\.ts$/, ''));
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
  if (recorded && (await migrationFileNames()).every((name) => recorded.has(name))) return { applied: [], fresh: false };
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: new FolderMigrationProvider(),
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
