/**
 * Menus, routes and button permissions, as data. This is the one place to add them.
 *
 * Each entry is inserted once (tracked by id in sys_seed_applied), on a fresh database and on
 * existing ones at the next start; administrators' later edits or deletions are kept.
 * The admin role is granted every entry; `roles` lists the other role codes that get it.
 * Buttons (menuType 2) carry the `perms` code that routes declare with config.permission.
 */
export type RoleCode = 'xypj_staff' | 'xypj_expert' | 'xypj_company';
export const ALL_ROLES: RoleCode[] = ['xypj_staff', 'xypj_expert', 'xypj_company'];

export interface MenuSeed {
  /** stable id, at most 32 characters; never reuse one */
  id: string;
  parentId?: string;
  name: string;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  /** 0 top-level menu, 1 sub menu, 2 button/permission */
  menuType: 0 | 1 | 2;
  perms?: string;
  /** buttons: '1' show when granted, '2' disable when not granted */
  permsType?: '1' | '2';
  sortNo: number;
  icon?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  /** false = appears in the side menu only, no router entry (route '0') */
  isRoute?: boolean;
  keepAlive?: boolean;
  hideTab?: boolean;
  internalOrExternal?: boolean;
  roles: RoleCode[];
}

export const MENU_SEED: MenuSeed[] = [
  {
    id: 'm_home',
    name: '首页',
    url: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    componentName: 'Analysis',
    menuType: 0,
    sortNo: 0,
    icon: 'home',
    roles: ALL_ROLES,
  },
  {
    id: 'b_dashboard_visit',
    parentId: 'm_home',
    name: '访问统计',
    menuType: 2,
    perms: 'dashboard:visit:view',
    permsType: '1',
    sortNo: 1,
    roles: ['xypj_staff'],
  },
  {
    id: 'm_account',
    name: '个人页',
    url: '/account',
    component: 'layouts/RouteView',
    menuType: 0,
    sortNo: 90,
    icon: 'user',
    hidden: true,
    roles: ALL_ROLES,
  },
  {
    id: 'm_account_center',
    parentId: 'm_account',
    name: '个人中心',
    url: '/account/center',
    component: 'account/center/Index',
    menuType: 1,
    sortNo: 1,
    hidden: true,
    roles: ALL_ROLES,
  },
  {
    id: 'm_account_settings',
    parentId: 'm_account',
    name: '个人设置',
    url: '/account/settings/base',
    component: 'account/settings/Index',
    menuType: 1,
    sortNo: 2,
    hidden: true,
    roles: ALL_ROLES,
  },
  {
    id: 'm_exception',
    name: '异常页',
    url: '/exception',
    component: 'layouts/RouteView',
    menuType: 0,
    sortNo: 95,
    icon: 'warning',
    roles: [],
  },
  {
    id: 'm_exception_403',
    parentId: 'm_exception',
    name: '403',
    url: '/exception/403',
    component: 'exception/403',
    menuType: 1,
    sortNo: 1,
    roles: [],
  },
  {
    id: 'm_exception_404',
    parentId: 'm_exception',
    name: '404',
    url: '/exception/404',
    component: 'exception/404',
    menuType: 1,
    sortNo: 2,
    roles: [],
  },
  {
    id: 'm_exception_500',
    parentId: 'm_exception',
    name: '500',
    url: '/exception/500',
    component: 'exception/500',
    menuType: 1,
    sortNo: 3,
    roles: [],
  },
  {
    id: 'b_user_pick',
    parentId: 'm_home',
    name: '选择用户',
    menuType: 2,
    perms: 'sys:user:pick',
    permsType: '1',
    sortNo: 80,
    roles: ['xypj_staff'],
  },
  {
    id: 'b_online_report_data',
    parentId: 'm_home',
    name: '在线报表数据',
    menuType: 2,
    perms: 'online:report:data',
    permsType: '1',
    sortNo: 81,
    roles: ALL_ROLES,
  },
];
