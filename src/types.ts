/** Shapes of the API (login, user, menus and permissions) the shell consumes; see docs/api.md. */

export interface UserInfo {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  orgCode?: string | null;
  orgCodeTxt?: string | null;
  phone?: string | null;
  email?: string | null;
  [key: string]: unknown;
}

export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
}

export interface Tenant {
  id: number | string;
  name: string;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  departs?: Depart[];
  multi_depart?: number;
  tenantList?: Tenant[];
  sysAllDictItems?: Record<string, DictItem[]>;
}

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
  disabled?: boolean;
}

export interface MenuMeta {
  title?: string;
  icon?: string;
  url?: string;
  permissionList?: AuthEntry[];
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
  hideMenu?: boolean;
  hideTab?: boolean;
  hiddenHeaderContent?: boolean;
  target?: string;
}

export interface MenuItem {
  id?: string;
  path: string;
  name?: string;
  redirect?: string | null;
  component?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  route?: string;
  children?: MenuItem[];
  meta?: MenuMeta;
}

export interface AuthEntry {
  action: string;
  type?: string;
  status?: string;
  describe?: string;
}

export interface PermissionResult {
  menu: MenuItem[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  sysSafeMode?: boolean;
}
