import { readFileSync } from 'node:fs';

/** The pid in `<DATA_DIR>/pglite.lock` when that process is alive, i.e. a server holds the PGlite files. */
export function pgliteLockHolder(pgliteDir: string): number | null {
  let pid = NaN;
  try {
    pid = Number(readFileSync(`${pgliteDir}.lock`, 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
