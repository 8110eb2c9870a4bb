import type { ApiModule } from '../../core/deps';
import { announcementRoutes, ensureSendIndex, registerAnnouncementPolicy } from './announcements';
import { myAnnouncementRoutes } from './my-announcements';
import { onlineRoutes } from './online-routes';
import { seedAnnouncements } from './seed';

/**
 * Communications: 通告公告 (CRUD by the entity engine over sys_announcement, 发布 / 撤销 here), the
 * caller's own announcements and read state (bell, 我的消息), and 在线用户 with 强制退出.
 * Registered after the entity module (its tables must exist).
 */
export const noticeModule: ApiModule = async (api, deps) => {
  await ensureSendIndex(deps.db);
  registerAnnouncementPolicy();
  announcementRoutes(api, deps);
  myAnnouncementRoutes(api, deps);
  onlineRoutes(api, deps);
  await seedAnnouncements(deps.db);
};
