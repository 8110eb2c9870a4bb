import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project directory (the one holding package.json). Found by walking up from this module, so it
 * is the same whether the server runs from its sources (tsx, tests) or from the bundle `npm start`
 * builds under .cache/. `npm start` names it in PROJECT_ROOT, since a bundle kept elsewhere
 * (SERVER_BUNDLE_DIR outside the project) has no package.json above it.
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

export const PROJECT_ROOT = process.env.PROJECT_ROOT || findProjectRoot(import.meta.dirname);
