import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const DAY_MS = 86_400_000;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Keeps the `keep` newest backups named `<prefix>-<stamp>-<backend>.tar.gz` in `folder` and deletes the older ones
 * (the UTC stamp in the name sorts by time). Files with another prefix (manual backups) are never touched; a
 * `.partial` file or staging folder of this prefix older than a day (a run that died) goes too. Answers the names deleted.
 */
export function pruneBackups(folder: string, prefix: string, keep: number): string[] {
  const complete = new RegExp(`^${escape(prefix)}-\\d{8}-\\d{6}-\\d{3}-(?:pglite|postgres)\\.tar\\.gz$`);
  const partial = new RegExp(`^${escape(prefix)}-\\d{8}-\\d{6}-\\d{3}-(?:pglite|postgres)\\.tar\\.gz(?:\\.pgdata)?\\.partial$`);
  const names = readdirSync(folder);
  const old = names
    .filter((n) => complete.test(n))
    .sort()
    .reverse()
    .slice(keep);
  const dead = names.filter((n) => partial.test(n) && Date.now() - statSync(join(folder, n)).mtimeMs > DAY_MS);
  for (const name of [...old, ...dead]) rmSync(join(folder, name), { recursive: true, force: true });
  return old;
}
