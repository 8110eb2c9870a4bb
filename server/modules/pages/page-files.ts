import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { directoriesOf } from '../../core/data-files';
import { PROJECT_ROOT } from '../../paths';

/** "system/UserList", "xypj/company/CompanyList": path segments of letters, digits, _ and -. */
export const COMPONENT_PATTERN = '^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$';
const COMPONENT = new RegExp(COMPONENT_PATTERN);
/** Folders of schemas/ that hold other documents than pages. */
const NOT_PAGES = /^(_meta|entities|menus|dicts)\//;

/** schemas/ plus the directories in PAGE_SCHEMA_DIRS (screens added without rebuilding the client). */
export function pageSchemaDirectories(env: NodeJS.ProcessEnv = process.env): string[] {
  return [join(PROJECT_ROOT, 'schemas'), ...directoriesOf(env.PAGE_SCHEMA_DIRS)];
}

export class PageFileError extends Error {}

/**
 * The page file of a menu component (`<dir>/<component>.json`, first directory that has it), or
 * undefined. The name never leaves the pattern above, so nothing beyond that path is read.
 */
export function readPageFile(dirs: readonly string[], component: string): { file: string; page: unknown } | undefined {
  if (!COMPONENT.test(component) || NOT_PAGES.test(`${component}/`)) return undefined;
  for (const dir of dirs) {
    const file = join(dir, `${component}.json`);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') continue;
      throw new PageFileError(`页面配置读取失败：${component}`);
    }
    try {
      return { file, page: JSON.parse(text) as unknown };
    } catch {
      throw new PageFileError(`页面配置不是合法的JSON：${component}`);
    }
  }
  return undefined;
}
