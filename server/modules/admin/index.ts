import type { ApiModule } from '../../core/deps';
import './tables';
import { accountRoutes } from './account';
import { addressListRoutes } from './address-list';
import { categoryExcelRoutes } from './category-excel';
import { categoryRoutes } from './categories';
import { departExcelRoutes } from './depart-excel';
import { registerDepartRolePolicy } from './depart-role-policy';
import { departRoleRoutes } from './depart-roles';
import { departRoutes } from './departs';
import { dictExcelRoutes } from './dict-excel';
import { dictItemRoutes, registerDictItemPolicy } from './dict-items';
import { dictRoutes } from './dicts';
import { registerAdminDuplicateChecks } from './duplicate-checks';
import { registerGatewayRoutePolicy } from './gateway-routes';
import { lookupRoutes } from './lookups';
import { permissionRoutes } from './permissions';
import { permissionRuleRoutes } from './permission-rules';
import { positionRoutes } from './positions';
import { registerRolePolicy } from './role-policy';
import { roleRoutes } from './roles';
import { tenantRoutes } from './tenants';
import { userExcelRoutes } from './user-excel';
import { userRoutes } from './users';

/**
 * Core administration: users, roles, menus and data rules, departments and their roles, dictionaries,
 * categories, tenants and the signed-in user's account. Permission codes: PERMISSIONS.md.
 */
export const adminModule: ApiModule = async (api, deps) => {
  registerAdminDuplicateChecks();
  registerGatewayRoutePolicy();
  registerRolePolicy();
  registerDepartRolePolicy();
  registerDictItemPolicy();
  userRoutes(api, deps);
  await userExcelRoutes(api, deps);
  roleRoutes(api, deps);
  permissionRoutes(api, deps);
  permissionRuleRoutes(api, deps);
  departRoutes(api, deps);
  departRoleRoutes(api, deps);
  await departExcelRoutes(api, deps);
  dictRoutes(api, deps);
  dictItemRoutes(api, deps);
  await dictExcelRoutes(api, deps);
  categoryRoutes(api, deps);
  await categoryExcelRoutes(api, deps);
  tenantRoutes(api, deps);
  positionRoutes(api, deps);
  lookupRoutes(api, deps);
  addressListRoutes(api, deps);
  accountRoutes(api, deps);
};
