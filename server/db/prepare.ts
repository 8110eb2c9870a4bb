import { migrateToLatest, type MigrateResult } from './migrate';
import type { OpenDatabase } from './open';
import { seedDatabase, type PrepareResult, type SeedData } from './seed/index';
import type { SeedPasswords } from './seed/base';
import { underSetupLock } from './setup-lock';

/**
 * Migrations, then the seed, as one step no other server runs at the same time: two instances started at
 * once on an empty PostgreSQL database would otherwise both create tables and both insert the roles.
 */
export function prepareDatabase(
  database: Pick<OpenDatabase, 'db' | 'kind'>,
  passwords: SeedPasswords,
  data?: SeedData,
): Promise<{ migrated: MigrateResult; seed: PrepareResult }> {
  return underSetupLock(database, async () => {
    const migrated = await migrateToLatest(database.db);
    const seed = await seedDatabase(database.db, passwords, data);
    return { migrated, seed };
  });
}
