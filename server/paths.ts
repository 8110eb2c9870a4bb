import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project directory (the one holding package.json). Found by walking up from this module, so it
 * is the same whether the server runs from its sources (tsx, tests) or from the bundle `npm start`
 * builds under .cache/.
 */
function findProjectRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${from}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
