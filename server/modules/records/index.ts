import type { ApiModule } from '../../core/deps';
import { dataLogRoutes } from './data-logs';
import { logRoutes } from './logs';
import { messageRoutes } from './messages';
import { seedMessageTemplates } from './seed';
import { smsLogRoutes } from './sms-log';

/** 日志管理, 数据日志, 消息, 消息模板 and 短信记录 (see README.md). Registered after the entity engine. */
export const recordsModule: ApiModule = async (api, deps) => {
  logRoutes(api, deps);
  dataLogRoutes(api, deps);
  messageRoutes(api, deps);
  smsLogRoutes(api, deps);
  await seedMessageTemplates(deps.db);
};
