/**
 * npm run backup -- [folder]: one consistent, compressed copy of the database and DATA_DIR/upload in `folder`
 * (default BACKUP_DIR, else DATA_DIR/backup). PostgreSQL (DATABASE_URL) is read directly; a PGlite database held
 * by a running server is copied by that server (local socket); otherwise this process opens it. See docs/backup.md.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { openPGlite, openPostgres } from '../server/db/open';
import { pgliteLockHolder } from '../server/modules/backup/lock';
import { requestBackup } from '../server/modules/backup/socket';
import { defaultBackupFolder } from '../server/modules/backup/source';
import { writeBackup, type BackupResult } from '../server/modules/backup/write';

async function backup(folder: string): Promise<BackupResult> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl);
    try {
      return await writeBackup({ db: database.db, kind: 'postgres', dataDir: config.dataDir }, folder);
    } finally {
      await database.close();
    }
  }
  const pgliteDir = join(config.dataDir, 'pglite');
  if (pgliteLockHolder(pgliteDir) !== null) return requestBackup(config.dataDir, folder);
  if (!existsSync(pgliteDir) || readdirSync(pgliteDir).length === 0) throw new Error(`there is no database in ${pgliteDir} (DATA_DIR)`);
  const database = await openPGlite({ dataDir: pgliteDir });
  try {
    return await writeBackup({ db: database.db, kind: 'pglite', dataDir: config.dataDir }, folder);
  } finally {
    await database.close();
  }
}

const args = process.argv.slice(2).filter((a) => a !== '--');
if (args.length > 1 || args[0] === '--help' || args[0] === '-h') {
  process.stdout.write('usage: npm run backup -- [folder]   (default: BACKUP_DIR, else DATA_DIR/backup)\n');
  process.exit(args.length > 1 ? 1 : 0);
}
const folder = args[0] ?? defaultBackupFolder(loadConfig().dataDir);
backup(folder).then(
  (r) => {
    const mb = (r.bytes / 1024 / 1024).toFixed(1);
    process.stdout.write(
      `Backup written: ${r.file} (${mb} MB; ${r.tables} tables, ${r.rows} rows, ${r.files} files; taken at ${r.createdAt})\n`,
    );
    process.exit(0);
  },
  (err: unknown) => {
    process.stderr.write(`Backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
