/**
 * npm run restore -- <file>: checks a backup file whole, then restores it into an empty target: DATA_DIR/pglite,
 * or the PostgreSQL database of DATABASE_URL; files of DATA_DIR/upload back into DATA_DIR/upload. See docs/backup.md.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { restoreBackup } from '../server/modules/backup/restore';

const args = process.argv.slice(2).filter((a) => a !== '--');
if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') {
  process.stdout.write('usage: npm run restore -- <backup file>   (into DATA_DIR/pglite, or the empty database of DATABASE_URL)\n');
  process.exit(args.length === 1 ? 0 : 1);
}

const config = loadConfig();
restoreBackup(resolve(args[0]), { dataDir: config.dataDir, databaseUrl: config.databaseUrl }).then(
  (r) => {
    const target = r.to === 'postgres' ? 'the database of DATABASE_URL' : `${resolve(config.dataDir, 'pglite')}`;
    process.stdout.write(
      `Restored the ${r.from} backup taken at ${r.createdAt} into ${target}: ${r.tables} tables, ${r.rows} rows, ${r.files} files (row counts checked). Start the server with npm start.\n`,
    );
    process.exit(0);
  },
  (err: unknown) => {
    process.stderr.write(`Restore failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
