import type { ApiModule } from '../../core/deps';
import './tables';
import { permissionRoutes } from './permissions';
import { permissionRuleRoutes } from './permission-rules';
import { roleRoutes } from './roles';
import { userRoutes } from './users';

/** Core administration: users, roles, menus and data rules, departments, dictionaries, categories, tenants, account. */
export const adminModule: ApiModule = (api, deps) => {
  userRoutes(api, deps);
  roleRoutes(api, deps);
  permissionRoutes(api, deps);
  permissionRuleRoutes(api, deps);
};
