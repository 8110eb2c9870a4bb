import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/envelope';

/**
 * GET /sys/thirdApp/getEnabledType: which third-party apps (WeCom, DingTalk) are set up for user and
 * department sync. None is in this product, so both are false and the client hides its sync buttons.
 */
export function thirdAppRoutes(api: FastifyInstance): void {
  api.get('/sys/thirdApp/getEnabledType', { config: { authenticated: true } }, async () =>
    ok({ wechatEnterprise: false, dingtalk: false }),
  );
}
