import { resolve } from 'node:path';
import type { OpenDatabase } from '../../db/open';
import type { Db } from '../../db/types';
import { listenForBackups } from './socket';
import type { BackupSource } from './write';

const sources = new WeakMap<Db, BackupSource>();

/** The backup source of an app's database (registered by serveBackups), for the scheduled job. */
export function backupSourceOf(db: Db): BackupSource | undefined {
  return sources.get(db);
}

/**
 * Makes `database` available to backups: to the scheduled job in this process, and, for PGlite (whose files this
 * process holds), to `npm run backup` through the local socket. Answers how to stop.
 */
export async function serveBackups(database: OpenDatabase, dataDir: string): Promise<() => Promise<void>> {
  const source: BackupSource = {
    db: database.db,
    kind: database.kind,
    dataDir: resolve(dataDir),
  };
  sources.set(database.db, source);
  let stopListening = async () => undefined as void;
  if (database.kind === 'pglite') {
    try {
      stopListening = await listenForBackups(source);
    } catch (err) {
      // the server still runs and the scheduled job still backs up; only the command line cannot reach it
      process.stderr.write(`npm run backup cannot reach this server: ${err instanceof Error ? err.message : String(err)}\n`);
    }
  }
  return async () => {
    sources.delete(database.db);
    await stopListening();
  };
}

/** BACKUP_DIR, else DATA_DIR/backup. */
export function defaultBackupFolder(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.BACKUP_DIR?.trim() || resolve(dataDir, 'backup'));
}
