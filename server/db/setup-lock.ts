import { sql } from 'kysely';
import type { OpenDatabase } from './open';

/** The advisory-lock key that migrations and seeding hold (any constant shared by every instance). */
export const SETUP_LOCK_KEY = 7_317_001;

/**
 * Runs fn while holding a PostgreSQL advisory lock on a dedicated connection, so instances started at once
 * migrate and seed one after the other (the later one finds the work done). fn uses the database's other
 * connections. PGlite belongs to one process, which runs this once: no lock is needed there.
 */
export async function underSetupLock<T>(database: Pick<OpenDatabase, 'db' | 'kind'>, fn: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return fn();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SETUP_LOCK_KEY})`.execute(connection);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${SETUP_LOCK_KEY})`.execute(connection).catch(() => undefined);
    }
  });
}
