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
  },  {
    id: 'm_system',
    name: '系统管理',
    url: '/isystem',
    component: 'layouts/RouteView',
    menuType: 0,
    sortNo: 80,
    icon: 'setting',
    roles: [],
  },
  {
    id: 'm_system_position',
    parentId: 'm_system',
    name: '职务管理',
    url: '/isystem/position',
    component: 'system/SysPositionList',
    componentName: 'SysPositionList',
    menuType: 1,
    sortNo: 6,
    roles: [],
  },
  {
    id: 'b_position_list',
    parentId: 'm_system_position',
    name: '职务查询',
    menuType: 2,
    perms: 'system:position:list',
    permsType: '1',
    sortNo: 1,
    roles: [],
  },
  {
    id: 'b_position_add',
    parentId: 'm_system_position',
    name: '职务添加',
    menuType: 2,
    perms: 'system:position:add',
    permsType: '1',
    sortNo: 2,
    roles: [],
  },
  {
    id: 'b_position_edit',
    parentId: 'm_system_position',
    name: '职务编辑',
    menuType: 2,
    perms: 'system:position:edit',
    permsType: '1',
    sortNo: 3,
    roles: [],
  },
  {
    id: 'b_position_delete',
    parentId: 'm_system_position',
    name: '职务删除',
    menuType: 2,
    perms: 'system:position:delete',
    permsType: '1',
    sortNo: 4,
    roles: [],
  },
  {
    id: 'b_position_deletebatch',
    parentId: 'm_system_position',
    name: '职务批量删除',
    menuType: 2,
    perms: 'system:position:deleteBatch',
    permsType: '1',
    sortNo: 5,
    roles: [],
  },
  {
    id: 'b_position_exportxls',
    parentId: 'm_system_position',
    name: '职务导出',
    menuType: 2,
    perms: 'system:position:exportXls',
    permsType: '1',
    sortNo: 6,
    roles: [],
  },
  {
    id: 'b_position_importexcel',
    parentId: 'm_system_position',
    name: '职务导入',
    menuType: 2,
    perms: 'system:position:importExcel',
    permsType: '1',
    sortNo: 7,
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
  // core administration (server/modules/admin, PERMISSIONS.md)
  { id: 'm_system_user', parentId: 'm_system', name: '用户管理', url: '/isystem/user', component: 'system/UserList', componentName: 'UserList', menuType: 1, perms: 'user:list', sortNo: 1, icon: 'user', roles: [] },
  { id: 'b_user_add', parentId: 'm_system_user', name: '添加用户', menuType: 2, perms: 'user:add', permsType: '1', sortNo: 1, roles: [] },
  { id: 'b_user_edit', parentId: 'm_system_user', name: '编辑用户', menuType: 2, perms: 'user:edit', permsType: '1', sortNo: 2, roles: [] },
  { id: 'b_user_delete', parentId: 'm_system_user', name: '删除用户', menuType: 2, perms: 'user:delete', permsType: '1', sortNo: 3, roles: [] },
  { id: 'b_user_frozen', parentId: 'm_system_user', name: '冻结/解冻用户', menuType: 2, perms: 'user:frozen', permsType: '1', sortNo: 4, roles: [] },
  { id: 'b_user_resetpassword', parentId: 'm_system_user', name: '重置密码', menuType: 2, perms: 'user:resetPassword', permsType: '1', sortNo: 5, roles: [] },
  { id: 'b_user_recycle', parentId: 'm_system_user', name: '用户回收站', menuType: 2, perms: 'user:recycle', permsType: '1', sortNo: 6, roles: [] },
  { id: 'm_system_role', parentId: 'm_system', name: '角色管理', url: '/isystem/role', component: 'system/RoleList', componentName: 'RoleList', menuType: 1, perms: 'role:list', sortNo: 2, icon: 'team', roles: [] },
  { id: 'b_role_add', parentId: 'm_system_role', name: '添加角色', menuType: 2, perms: 'role:add', permsType: '1', sortNo: 1, roles: [] },
  { id: 'b_role_edit', parentId: 'm_system_role', name: '编辑角色', menuType: 2, perms: 'role:edit', permsType: '1', sortNo: 2, roles: [] },
  { id: 'b_role_delete', parentId: 'm_system_role', name: '删除角色', menuType: 2, perms: 'role:delete', permsType: '1', sortNo: 3, roles: [] },
  { id: 'b_role_auth', parentId: 'm_system_role', name: '角色授权', menuType: 2, perms: 'role:auth', permsType: '1', sortNo: 4, roles: [] },
  { id: 'b_role_users', parentId: 'm_system_role', name: '角色用户', menuType: 2, perms: 'role:users', permsType: '1', sortNo: 5, roles: [] },
  { id: 'm_system_permission', parentId: 'm_system', name: '菜单管理', url: '/isystem/permission', component: 'system/PermissionList', componentName: 'PermissionList', menuType: 1, perms: 'menu:list', sortNo: 3, icon: 'menu', roles: [] },
  { id: 'b_permission_add', parentId: 'm_system_permission', name: '添加菜单', menuType: 2, perms: 'menu:add', permsType: '1', sortNo: 1, roles: [] },
  { id: 'b_permission_edit', parentId: 'm_system_permission', name: '编辑菜单', menuType: 2, perms: 'menu:edit', permsType: '1', sortNo: 2, roles: [] },
  { id: 'b_permission_delete', parentId: 'm_system_permission', name: '删除菜单', menuType: 2, perms: 'menu:delete', permsType: '1', sortNo: 3, roles: [] },
  { id: 'b_permission_datarule', parentId: 'm_system_permission', name: '数据规则', menuType: 2, perms: 'menu:datarule', permsType: '1', sortNo: 4, roles: [] },
  { id: 'm_system_depart', parentId: 'm_system', name: '部门管理', url: '/isystem/depart', component: 'system/DepartList', componentName: 'DepartList', menuType: 1, perms: 'depart:list', sortNo: 4, icon: 'apartment', roles: [] },
  { id: 'b_depart_add', parentId: 'm_system_depart', name: '添加部门', menuType: 2, perms: 'depart:add', permsType: '1', sortNo: 1, roles: [] },
  { id: 'b_depart_edit', parentId: 'm_system_depart', name: '编辑部门', menuType: 2, perms: 'depart:edit', permsType: '1', sortNo: 2, roles: [] },
  { id: 'b_depart_delete', parentId: 'm_system_depart', name: '删除部门', menuType: 2, perms: 'depart:delete', permsType: '1', sortNo: 3, roles: [] },
  { id: 'b_depart_import', parentId: 'm_system_depart', name: '导入部门', menuType: 2, perms: 'depart:import', permsType: '1', sortNo: 4, roles: [] },
  { id: 'b_depart_export', parentId: 'm_system_depart', name: '导出部门', menuType: 2, perms: 'depart:export', permsType: '1', sortNo: 5, roles: [] },
  { id: 'b_depart_auth', parentId: 'm_system_depart', name: '部门授权', menuType: 2, perms: 'depart:auth', permsType: '1', sortNo: 6, roles: [] },
  { id: 'm_system_departuser', parentId: 'm_system', name: '我的部门', url: '/isystem/departUserList', component: 'system/DepartUserList', componentName: 'DepartUserList', menuType: 1, perms: 'depart:my', sortNo: 5, icon: 'cluster', roles: [] },
  { id: 'b_departuser_users', parentId: 'm_system_departuser', name: '部门用户', menuType: 2, perms: 'depart:users', permsType: '1', sortNo: 1, roles: [] },
  { id: 'b_departuser_role', parentId: 'm_system_departuser', name: '部门角色', menuType: 2, perms: 'depart:role', permsType: '1', sortNo: 2, roles: [] },
  { id: 'm_system_dict', parentId: 'm_system', name: '字典管理', url: '/isystem/dict', component: 'system/DictList', componentName: 'DictList', menuType: 1, perms: 'dict:list', sortNo: 7, icon: 'hdd', roles: [] },
  { id: 'b_dict_add', parentId: 'm_system_dict', name: '添加字典', menuType: 2, perms: 'dict:add', permsType: '1', sortNo: 1, roles: [] },
  { id: 'b_dict_edit', parentId: 'm_system_dict', name: '编辑字典', menuType: 2, perms: 'dict:edit', permsType: '1', sortNo: 2, roles: [] },
  { id: 'b_dict_delete', parentId: 'm_system_dict', name: '删除字典', menuType: 2, perms: 'dict:delete', permsType: '1', sortNo: 3, roles: [] },
  { id: 'b_dict_recycle', parentId: 'm_system_dict', name: '字典回收站', menuType: 2, perms: 'dict:recycle', permsType: '1', sortNo: 4, roles: [] },
  { id: 'm_system_category', parentId: 'm_system', name: '分类字典', url: '/isystem/category', component: 'system/SysCategoryList', componentName: 'SysCategoryList', menuType: 1, perms: 'category:list', sortNo: 8, icon: 'tags', roles: [] },
  { id: 'b_category_add', parentId: 'm_system_category', name: '添加分类', menuType: 2, perms: 'category:add', permsType: '1', sortNo: 1, roles: [] },
  { id: 'b_category_edit', parentId: 'm_system_category', name: '编辑分类', menuType: 2, perms: 'category:edit', permsType: '1', sortNo: 2, roles: [] },
  { id: 'b_category_delete', parentId: 'm_system_category', name: '删除分类', menuType: 2, perms: 'category:delete', permsType: '1', sortNo: 3, roles: [] },
  { id: 'm_system_tenant', parentId: 'm_system', name: '租户管理', url: '/isystem/tenant', component: 'system/TenantList', componentName: 'TenantList', menuType: 1, perms: 'tenant:list', sortNo: 9, icon: 'bank', roles: [] },
  { id: 'b_tenant_add', parentId: 'm_system_tenant', name: '添加租户', menuType: 2, perms: 'tenant:add', permsType: '1', sortNo: 1, roles: [] },
  { id: 'b_tenant_edit', parentId: 'm_system_tenant', name: '编辑租户', menuType: 2, perms: 'tenant:edit', permsType: '1', sortNo: 2, roles: [] },
  { id: 'b_tenant_delete', parentId: 'm_system_tenant', name: '删除租户', menuType: 2, perms: 'tenant:delete', permsType: '1', sortNo: 3, roles: [] },
  { id: 'm_account_settings_base', parentId: 'm_account_settings', name: '基本设置', url: '/account/settings/base', component: 'account/settings/BaseSetting', componentName: 'BaseSetting', menuType: 1, sortNo: 1, hidden: true, roles: ALL_ROLES },
  { id: 'm_account_settings_security', parentId: 'm_account_settings', name: '安全设置', url: '/account/settings/security', component: 'account/settings/Security', componentName: 'Security', menuType: 1, sortNo: 2, hidden: true, roles: ALL_ROLES },
  { id: 'm_account_settings_custom', parentId: 'm_account_settings', name: '个性化', url: '/account/settings/custom', component: 'account/settings/Custom', componentName: 'Custom', menuType: 1, sortNo: 3, hidden: true, roles: ALL_ROLES },
  { id: 'm_account_settings_binding', parentId: 'm_account_settings', name: '账户绑定', url: '/account/settings/binding', component: 'account/settings/Binding', componentName: 'Binding', menuType: 1, sortNo: 4, hidden: true, roles: ALL_ROLES },
  { id: 'm_account_settings_notification', parentId: 'm_account_settings', name: '新消息通知', url: '/account/settings/notification', component: 'account/settings/Notification', componentName: 'Notification', menuType: 1, sortNo: 5, hidden: true, roles: ALL_ROLES },
  { id: 'm_jeecg', name: '常见案例', url: '/jeecg', component: 'layouts/RouteView', menuType: 0, sortNo: 90, icon: 'appstore', roles: [] },
  { id: 'm_jeecg_select_demo', parentId: 'm_jeecg', name: '表单组件示例', url: '/jeecg/SelectDemo', component: 'jeecg/SelectDemo', componentName: 'SelectDemo', menuType: 1, sortNo: 1, roles: [] },
  { id: 'm_jeecg_jvxe_demo', parentId: 'm_jeecg', name: '可编辑表格示例', url: '/jeecg/JVXETableDemo', component: 'jeecg/JVXETableDemo', componentName: 'JVXETableDemo', menuType: 1, sortNo: 2, roles: [] },
  { id: 'm_jeecg_order_jvxe', parentId: 'm_jeecg', name: '一对多订单示例', url: '/jeecg/JeecgOrderMainListForJVxeTable', component: 'jeecg/JeecgOrderMainListForJVxeTable', componentName: 'JeecgOrderMainListForJVxeTable', menuType: 1, sortNo: 3, roles: [] },
  { id: 'b_jeecg_order_list', parentId: 'm_jeecg_order_jvxe', name: '订单列表', menuType: 2, perms: 'jeecg:order:list', permsType: '1', sortNo: 1, roles: [] },
  { id: 'b_jeecg_order_add', parentId: 'm_jeecg_order_jvxe', name: '添加订单', menuType: 2, perms: 'jeecg:order:add', permsType: '1', sortNo: 2, roles: [] },
  { id: 'b_jeecg_order_edit', parentId: 'm_jeecg_order_jvxe', name: '编辑订单', menuType: 2, perms: 'jeecg:order:edit', permsType: '1', sortNo: 3, roles: [] },
  { id: 'b_jeecg_order_delete', parentId: 'm_jeecg_order_jvxe', name: '删除订单', menuType: 2, perms: 'jeecg:order:delete', permsType: '1', sortNo: 4, roles: [] },
  { id: 'b_jeecg_order_deletebatch', parentId: 'm_jeecg_order_jvxe', name: '批量删除订单', menuType: 2, perms: 'jeecg:order:deleteBatch', permsType: '1', sortNo: 5, roles: [] },
  { id: 'b_jeecg_order_exportxls', parentId: 'm_jeecg_order_jvxe', name: '导出订单', menuType: 2, perms: 'jeecg:order:exportXls', permsType: '1', sortNo: 6, roles: [] },
  { id: 'b_jeecg_order_importexcel', parentId: 'm_jeecg_order_jvxe', name: '导入订单', menuType: 2, perms: 'jeecg:order:importExcel', permsType: '1', sortNo: 7, roles: [] },
];
