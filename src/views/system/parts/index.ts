import { hasAction, hasView, registerAction, registerView, type ViewComponent } from '@renderer/index';
import { refreshDictCache } from './refreshDictCache';
import { SYSTEM_VIEW_NAMES, type SystemViewName } from './view-names';

type ViewLoader = () => Promise<ViewComponent>;

/**
 * The system screens and dialogs a page schema places by name (`kind: "view"` pages, `dialog.view` actions).
 * Each loads its module on first use.
 * - DepartManager / MyDepartManager: 部门管理 and 我的部门 (tree + tabs).
 * - ResetPassword: 重新设定密码 of the row's user (`props.url`, default /sys/user/changePassword).
 * - RecycleBin: soft-deleted rows, restore or delete for good (see RecycleBinProps).
 * - Authorize: the grant tree of a role or department role (see AuthorizeConfig).
 * - PickUsers: 添加已有用户 (`props.saveUrl`, `props.body`).
 * - DepartUserRoles: 部门角色分配 of the row's user (`props.departId`).
 * - LogTabs: 日志管理, one tab per log list page (`props.tabs`: [{key, title, page}]).
 * - DataLogCompare: 数据比较 of the two selected data-log rows (fields side by side, changes highlighted).
 * - MessageTestDialog: 发送测试 of the row's message template.
 * - LogDetail: 日志详情 of the row's log (request parameters pretty-printed).
 * - FillRuleTestDialog: 功能测试 of the row's fill rule (preview the next number; 取号 takes one).
 * - CheckRuleTestDialog: 功能测试 of the row's check rule (the typed value checked live by checkByCode).
 * - DataSourcePasswordDialog: 设置密码 of the row's data source (stored encrypted, never shown).
 * - AnnouncementDetail: 通知消息 of the row's announcement (`props.markRead`: mark the caller's copy read on open).
 * - FilePreview: 文件预览 of the row's stored file (`url`): image, or PDF in JPdfView.
 */
export const SYSTEM_VIEW_LOADERS: Record<SystemViewName, ViewLoader> = {
  DepartManager: () => import('./depart/DepartManager').then((m) => m.DepartManager),
  MyDepartManager: () => import('./depart/MyDepartManager').then((m) => m.MyDepartManager),
  ResetPassword: () => import('./dialogs/PasswordModal').then((m) => m.default),
  RecycleBin: () => import('./dialogs/RecycleBinModal').then((m) => m.default),
  Authorize: () => import('./dialogs/AuthorizeDrawer').then((m) => m.default),
  PickUsers: () => import('./dialogs/PickUsersModal').then((m) => m.default),
  DepartUserRoles: () => import('./dialogs/DepartUserRolesModal').then((m) => m.default),
  LogTabs: () => import('./records/LogTabs').then((m) => m.default),
  DataLogCompare: () => import('./records/DataLogCompare').then((m) => m.default),
  MessageTestDialog: () => import('./records/MessageTestDialog').then((m) => m.default),
  LogDetail: () => import('./records/LogDetail').then((m) => m.default),
  AnnouncementDetail: () => import('../../../notice/AnnouncementDetailView').then((m) => m.default),
  FillRuleTestDialog: () => import('./rules/FillRuleTestDialog').then((m) => m.default),
  CheckRuleTestDialog: () => import('./rules/CheckRuleTestDialog').then((m) => m.default),
  DataSourcePasswordDialog: () => import('./rules/DataSourcePasswordDialog').then((m) => m.default),
  FilePreview: () => import('./files/FilePreview').then((m) => m.default),
};

/** Register the system views and the named actions their schemas use. Safe to call more than once. */
export function registerSystemViews(): void {
  for (const name of SYSTEM_VIEW_NAMES) if (!hasView(name)) registerView(name, { load: SYSTEM_VIEW_LOADERS[name] });
  if (!hasAction('refreshDictCache')) registerAction('refreshDictCache', refreshDictCache);
}
