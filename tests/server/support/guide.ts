/**
 * The worked example of docs/add-a-screen.md, read from the guide itself so the tests prove what an
 * analyst following it gets: the files it shows (a `schemas/…json` label above a json block; the
 * last block of a path is its final form) and its `npm run new-screen` command.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const GUIDE = path.resolve(import.meta.dirname, '../../../docs/add-a-screen.md');

/** Every labelled file block: path under the project → its texts in the order they appear. */
export function guideFiles(text = readFileSync(GUIDE, 'utf8')): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const match of text.matchAll(/^`(schemas\/[\w/.-]+\.json)`:\s*\n+```json\n([\s\S]*?)\n```/gm)) {
    files.set(match[1], [...(files.get(match[1]) ?? []), `${match[2]}\n`]);
  }
  return files;
}

/** The arguments of the guide's `npm run new-screen -- …` command (double quotes and \ line breaks as a shell reads them). */
export function guideCommand(text = readFileSync(GUIDE, 'utf8')): string[] {
  const block = /```bash\n(npm run new-screen -- [\s\S]*?)\n```/.exec(text);
  if (!block) throw new Error('no new-screen command in the guide');
  const line = block[1].replace(/\\\n\s*/g, ' ').replace(/^npm run new-screen -- /, '');
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

export interface ExampleDirs {
  root: string;
  entityDir: string;
  pageDir: string;
  menuDir: string;
  dictDir: string;
  /** ENTITY_DIRS, PAGE_SCHEMA_DIRS, MENU_DIRS, DICT_DIRS naming them */
  env: Record<string, string>;
}

/** Writes the final form of each file of the example into temp folders, as a deployment outside schemas/ keeps them. */
export function writeGuideExample(files = guideFiles()): ExampleDirs {
  const root = mkdtempSync(path.join(tmpdir(), 'add-a-screen-'));
  const dirs = {
    entityDir: path.join(root, 'entities'),
    pageDir: path.join(root, 'pages'),
    menuDir: path.join(root, 'menus'),
    dictDir: path.join(root, 'dicts'),
  };
  for (const [file, texts] of files) {
    const rel = file.replace(/^schemas\//, '');
    const target = rel.startsWith('entities/')
      ? path.join(root, rel)
      : rel.startsWith('menus/') || rel.startsWith('dicts/')
        ? path.join(root, rel)
        : path.join(dirs.pageDir, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, texts[texts.length - 1]);
  }
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  return {
    root,
    ...dirs,
    env: { ENTITY_DIRS: dirs.entityDir, PAGE_SCHEMA_DIRS: dirs.pageDir, MENU_DIRS: dirs.menuDir, DICT_DIRS: dirs.dictDir },
  };
}
