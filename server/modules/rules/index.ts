import type { ApiModule } from '../../core/deps';
import { fillRuleRoutes } from './fill-routes';
import { seedRules } from './seed';

/** 填值规则 (and the other rule screens, see README.md). Registered after the entity engine. */
export const rulesModule: ApiModule = async (api, deps) => {
  fillRuleRoutes(api, deps);
  await seedRules(deps.db);
};
