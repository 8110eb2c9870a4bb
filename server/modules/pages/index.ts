import { readFile } from 'node:fs/promises';
import { delimiter, join, resolve } from 'node:path';
import type { ApiModule } from '../../core/deps';
import { businessError, ok } from '../../core/envelope';
import { objectSchema, text } from '../../core/schemas';
import { PROJECT_ROOT } from '../../paths';

const ROOT = PROJECT_ROOT;
/** "system/UserList", "xypj/company/CompanyList": path segments of letters, digits, _ and -. */
const COMPONENT = '^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$';

/** schemas/ plus the directories in PAGE_SCHEMA_DIRS (screens added without rebuilding the client). */
export function pageSchemaDirectories(env: NodeJS.ProcessEnv = process.env): string[] {
  const extra = (env.PAGE_SCHEMA_DIRS ?? '').split(delimiter).map((d) => d.trim()).filter(Boolean);
  return [join(ROOT, 'schemas'), ...extra.map((d) => resolve(d))];
}

async function readPageSchema(dirs: string[], component: string): Promise<unknown | undefined> {
  if (component.startsWith('_meta/') || component.startsWith('entities/')) return undefined;
  for (const dir of dirs) {
    try {
      return JSON.parse(await readFile(join(dir, `${component}.json`), 'utf8')) as unknown;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw businessError(`页面配置读取失败：${component}`);
    }
  }
  return undefined;
}

/**
 * GET /sys/schema/page?component=X — the page schema of a menu component, for screens that are not
 * bundled with the client. The client validates it before rendering; the name never leaves the
 * pattern above, so no request path reaches the file system beyond `<dir>/<component>.json`.
 */
export const pageSchemaModule: ApiModule = (api) => {
  const dirs = pageSchemaDirectories();
  api.get<{ Querystring: { component: string } }>(
    '/sys/schema/page',
    {
      config: { authenticated: true },
      schema: { querystring: objectSchema({ component: text('组件名称', 200, { pattern: COMPONENT }) }, ['component']) },
    },
    async (request) => {
      const schema = await readPageSchema(dirs, request.query.component);
      if (schema === undefined) throw businessError(`未找到页面配置：${request.query.component}`);
      return ok(schema);
    },
  );
};
