import type { ApiModule } from '../../core/deps';
import { registerCheckRulePolicy } from './check-routes';
import { fillRuleRoutes } from './fill-routes';
import { seedRules } from './seed';

/** 填值规则 and 编码校验规则 (see README.md). Registered after the entity engine. */
export const rulesModule: ApiModule = async (api, deps) => {
  fillRuleRoutes(api, deps);
  registerCheckRulePolicy();
  await seedRules(deps.db);
};
