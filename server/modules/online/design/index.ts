import type { ApiModule } from '../../../core/deps';
import { mountAuthRoutes } from './auth';
import { registerBuiltinFormActions } from './builtin-actions';
import { mountButtonRoutes } from './buttons';
import { mountFormRoutes } from './forms';
import { mountRefusedRoutes } from './refused';

export { DESIGN_PERMISSION, loadHead, loadHeadByCode, syncForm } from './forms';
export { importableTables } from './import-tables';
export { ENHANCE_REFUSED } from './refused';
export { STANDARD_BUTTONS } from './auth';

registerBuiltinFormActions();

/**
 * The online form designer (表单开发): form metadata, database synchronisation, import of existing tables,
 * buttons bound to registered server actions, and per-role authorisation of columns, buttons and data rules.
 * Every route needs online:form:design.
 */
export const onlineDesignModule: ApiModule = (api, { db }) => {
  mountFormRoutes(api, db);
  mountButtonRoutes(api, db);
  mountAuthRoutes(api, db);
  mountRefusedRoutes(api);
};
