import { businessError } from '../../core/envelope';
import { registerEntityPolicy } from '../entity/policies';
import { normalizeCheckSteps } from './check-steps';

/**
 * 编码校验规则: CRUD is the entity engine's (schemas/entities/sys_check_rule.json), checkByCode the
 * entity module's; here the steps are checked and their patterns derived before a rule is saved.
 */
export function registerCheckRulePolicy(): void {
  registerEntityPolicy('sys_check_rule', {
    beforeWrite: async ({ mode, body }) => {
      if (mode === 'delete' || body.ruleJson === undefined) return;
      if (typeof body.ruleJson !== 'string') throw businessError('校验规则格式不正确');
      try {
        body.ruleJson = normalizeCheckSteps(body.ruleJson);
      } catch (error) {
        throw businessError((error as Error).message);
      }
    },
  });
}
