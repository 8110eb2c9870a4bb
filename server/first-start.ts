import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { GeneratedPasswords } from './db/seed/base';

export const CREDENTIALS_FILE = 'initial-credentials.txt';

/** What a new database tells its operator: where it is and how to sign in. */
export function newDatabaseLines(generated: GeneratedPasswords | undefined, where: string): string[] {
  const demos = generated?.demoUsernames.join(', ') ?? '';
  return [
    `New database created (${where}).`,
    generated?.admin ? `  Administrator: admin / ${generated.admin}   (generated)` : '  Administrator: admin / (ADMIN_PASSWORD)',
    generated?.demo ? `  Demo users ${demos}: ${generated.demo}   (generated)` : `  Demo users ${demos}: (DEMO_PASSWORD)`,
  ];
}

/** Writes the lines to DATA_DIR/initial-credentials.txt with mode 0600; returns the file's path. */
export function saveCredentials(dataDir: string, lines: string[]): string {
  mkdirSync(dataDir, { recursive: true });
  const file = resolve(dataDir, CREDENTIALS_FILE);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}
