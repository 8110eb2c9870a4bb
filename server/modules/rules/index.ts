import type { ApiModule } from '../../core/deps';
import { registerCheckRulePolicy } from './check-routes';
import { dataSourceRoutes } from './data-source-routes';
import { fillRuleRoutes } from './fill-routes';
import { seedRules } from './seed';

/** 填值规则, 编码校验规则 and 多数据源 (see README.md). Registered after the entity engine. */
export const rulesModule: ApiModule = async (api, deps) => {
  fillRuleRoutes(api, deps);
  registerCheckRulePolicy();
  await dataSourceRoutes(api, deps);
  await seedRules(deps.db);
};
