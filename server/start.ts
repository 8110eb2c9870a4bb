import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { migrateToLatest } from './db/migrate';
import type { OpenDatabase } from './db/open';
import type { SeedPasswords } from './db/seed/base';
import { seedDatabase, type PrepareResult, type SeedData } from './db/seed/index';
import { underSetupLock } from './db/setup-lock';

export interface StartOptions extends Omit<BuildAppOptions, 'db'> {
  passwords: SeedPasswords;
  /** menus and dictionaries to apply; default: read from the configured directories */
  seedData?: SeedData;
}

export interface StartedApp {
  app: FastifyInstance;
  seed: PrepareResult;
}

/**
 * Everything a start writes to the database — migrations, the seed, then the modules' own start-up work (entity
 * tables created or migrated, demo data) — under the setup lock, so instances started at the same moment on one
 * empty PostgreSQL database take turns and the later one finds the work done. The app is ready, not listening.
 */
export function startApp(database: Pick<OpenDatabase, 'db' | 'kind'>, options: StartOptions): Promise<StartedApp> {
  const { passwords, seedData, ...appOptions } = options;
  return underSetupLock(database, async () => {
    await migrateToLatest(database.db);
    const seed = await seedDatabase(database.db, passwords, seedData);
    const app = await buildApp({ ...appOptions, db: database.db });
    try {
      await app.ready();
    } catch (err) {
      await app.close().catch(() => undefined);
      throw err;
    }
    return { app, seed };
  });
}
