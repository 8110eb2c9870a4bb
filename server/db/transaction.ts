import type { Db } from './types';

/** Runs fn in a transaction, or in the caller's when db already is one (Kysely cannot nest them). */
export function withTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute(fn);
}
