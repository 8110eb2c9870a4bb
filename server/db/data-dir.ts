import { accessSync, constants, existsSync, mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { causeOf, StartupError } from '../core/startup-error';

/** Free space below which a new embedded database is not started: its files take about 40 MB at once. */
export const MIN_FREE_BYTES = 100 * 1024 * 1024;

/** The nearest directory of the path that exists (a recursive mkdir under a read-only one reports ENOENT). */
function nearestExisting(path: string): string {
  let dir = path;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/**
 * DATA_DIR must be a directory this process can write, with room for a new database when `needsRoom`:
 * checked before the database starts, because PGlite reports such failures as "[object Object]" or "Aborted()".
 */
export function checkDataDir(dataDir: string, needsRoom: boolean): void {
  const fail = (err: unknown, path = dataDir) => new StartupError(`Cannot write to the data directory ${path}: ${causeOf(err)}`);
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      const parent = nearestExisting(dataDir);
      try {
        accessSync(parent, constants.W_OK);
      } catch (inner) {
        throw fail(inner);
      }
    }
    throw fail(err);
  }
  const probe = join(dataDir, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, 'ok');
  } catch (err) {
    throw fail(err);
  } finally {
    rmSync(probe, { force: true });
  }
  if (!needsRoom) return;
  const { bavail, bsize } = statfsSync(dataDir);
  const free = bavail * bsize;
  if (free < MIN_FREE_BYTES) {
    throw new StartupError(
      `Cannot create the database in ${dataDir}: only ${Math.floor(free / 1024 / 1024)} MB free, a new database needs about ${MIN_FREE_BYTES / 1024 / 1024} MB (ENOSPC)`,
    );
  }
}

/** True when DATA_DIR/pglite holds no database yet (so starting it creates one). */
export function isNewPGlite(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'pglite', 'PG_VERSION'));
}
