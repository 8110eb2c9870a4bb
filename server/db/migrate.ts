import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.ts$/;

/** Every server/db/migrations/NNN_name.ts exporting up(db) (and optionally down(db)), in name order. */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => MIGRATION_FILE.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const mod = (await import(pathToFileURL(join(MIGRATIONS_DIR, file)).href)) as Migration;
      migrations[file.replace(/\.ts$/, '')] = { up: mod.up, down: mod.down };
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

/** Applies pending migrations, recorded in table sys_migration. Throws on the first failure. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<MigrateResult> {
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: new FolderMigrationProvider(),
    migrationTableName: 'sys_migration',
    migrationLockTableName: 'sys_migration_lock',
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
