import type { ApiModule } from '../../core/deps';
import { businessError, ok } from '../../core/envelope';
import { objectSchema, text } from '../../core/schemas';
import { entityDefinitions } from '../entity';
import { derivePage, findEntity, namesEntity } from '../../../contract/pages/derive';
import { COMPONENT_PATTERN, PageFileError, pageSchemaDirectories, readPageFile } from './page-files';

export { pageSchemaDirectories } from './page-files';

/** The page as the client renders it: a list page naming an entity is derived from it (contract/pages/derive.ts). */
export function servedPage(component: string, page: unknown): unknown {
  if (!namesEntity(page)) return page;
  const entity = findEntity(entityDefinitions(), page.entity);
  if (!entity) throw businessError(`页面配置 ${component} 的实体 ${page.entity} 不存在`);
  return derivePage(page, entity.json);
}

/**
 * GET /sys/schema/page?component=X — the page schema of a menu component, for screens that are not
 * bundled with the client (schemas/ and PAGE_SCHEMA_DIRS, read at each request so a new file needs
 * no restart). The client validates it before rendering.
 */
export const pageSchemaModule: ApiModule = (api) => {
  const dirs = pageSchemaDirectories();
  api.get<{ Querystring: { component: string } }>(
    '/sys/schema/page',
    {
      config: { authenticated: true },
      schema: { querystring: objectSchema({ component: text('组件名称', 200, { pattern: COMPONENT_PATTERN }) }, ['component']) },
    },
    async (request) => {
      const { component } = request.query;
      let found: ReturnType<typeof readPageFile>;
      try {
        found = readPageFile(dirs, component);
      } catch (error) {
        throw error instanceof PageFileError ? businessError(error.message) : error;
      }
      if (found === undefined) throw businessError(`未找到页面配置：${component}`);
      return ok(servedPage(component, found.page));
    },
  );
};
