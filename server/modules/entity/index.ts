import multipart from '@fastify/multipart';
import type { ApiModule } from '../../core/deps';
import { mountCheckRuleRoute } from './check-rules';
import { mountCrudRoutes, permissionOf } from './crud-routes';
import { mountSubTableRoutes } from './sub-tables';
import { loadEntityDefinitions, type EntityDefinition } from './definitions';
import { mountDuplicateCheck, registerDuplicateCheck } from './duplicate-check';
import { mountExportRoute } from './export';
import { MAX_IMPORT_FILE_BYTES, mountImportErrorRoute, mountImportRoute } from './import';
import { syncEntityTables } from './schema-sync';

export { registerDuplicateCheck } from './duplicate-check';
export { registerEntityListOptions } from './crud-routes';
export { parseRuleJson, patternProblem } from './check-rules';
export type { EntityDefinition } from './definitions';

let loaded: EntityDefinition[] = [];

/** The entity definitions read at the last start (for modules that add routes beside an entity). */
export function entityDefinitions(): readonly EntityDefinition[] {
  return loaded;
}

/**
 * The entity engine: reads schemas/entities/*.json (plus ENTITY_DIRS), creates or migrates their
 * tables, and mounts list, add, edit, delete, deleteBatch, queryById, exportXls and importExcel at
 * each apiBase; also /sys/duplicate/check and /sys/checkRule/checkByCode.
 */
export const entityModule: ApiModule = async (api, deps) => {
  const defs = loadEntityDefinitions();
  await syncEntityTables(deps.db, defs);
  loaded = defs;
  for (const def of defs) {
    for (const f of def.fields)
      if (f.unique && !f.primaryKey) registerDuplicateCheck({ table: def.table, column: f.column, idColumn: def.id.column });
  }
  await api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 10, fields: 20, fieldSize: 10_000 } });
    for (const def of defs) {
      mountCrudRoutes(scope, deps, def);
      mountSubTableRoutes(scope, deps, def, permissionOf(def, 'list'));
      mountExportRoute(scope, deps, def);
      mountImportRoute(scope, deps, def);
    }
    mountImportErrorRoute(scope, deps);
    mountDuplicateCheck(scope, deps);
    mountCheckRuleRoute(scope, deps);
  });
};
