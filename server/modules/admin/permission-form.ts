import { badRequest, businessError } from '../../core/envelope';
import type { SysPermissionTable } from '../../db/types';
import { optionalText, requireId } from './common';

export interface PermissionBody {
  id?: string;
  parentId?: string | null;
  name?: string;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  menuType?: unknown;
  perms?: string;
  permsType?: string;
  sortNo?: unknown;
  alwaysShow?: unknown;
  icon?: string;
  route?: unknown;
  keepAlive?: unknown;
  hidden?: unknown;
  hideTab?: unknown;
  description?: string;
  status?: string;
  internalOrExternal?: unknown;
}

const s = (title: string, maxLength: number) => ({ type: 'string', title, maxLength });
const scalar = (title: string) => ({ title, type: ['boolean', 'number', 'string', 'null'] });

export const PERMISSION_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: s('菜单ID', 36),
    parentId: { title: '上级菜单', type: ['string', 'null'], maxLength: 36 },
    name: s('菜单名称', 100),
    url: s('菜单路径', 255),
    component: s('前端组件', 255),
    componentName: s('组件名称', 100),
    redirect: s('默认跳转地址', 255),
    menuType: scalar('菜单类型'),
    perms: s('授权标识', 255),
    permsType: s('授权策略', 10),
    sortNo: scalar('排序'),
    alwaysShow: scalar('聚合路由'),
    icon: s('菜单图标', 100),
    route: scalar('是否路由菜单'),
    keepAlive: scalar('是否缓存路由'),
    hidden: scalar('隐藏路由'),
    hideTab: scalar('隐藏Tab'),
    description: s('描述', 255),
    status: s('状态', 2),
    internalOrExternal: scalar('打开方式'),
  },
} as const;

const flag = (v: unknown, fallback = false): number => {
  if (v === undefined || v === null || v === '') return fallback ? 1 : 0;
  return v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0;
};

/** Menu component path: strip a leading "/", "src/views/" or "views/" and a ".vue" suffix. */
export function normaliseComponent(value: string | null): string | null {
  if (!value) return null;
  let c = value.trim().replace(/^\/+/, '');
  c = c.replace(/^src\/views\//, '').replace(/^views\//, '');
  c = c.replace(/\.vue$/, '');
  return c || null;
}

/** Menu url: strip ".vue"; prefix "/" unless the url starts with http, "/" or "{{". */
export function normaliseUrl(value: string | null): string | null {
  if (!value) return null;
  let u = value.trim().replace(/\.vue$/, '');
  if (!/^(http|\/|\{\{)/.test(u)) u = `/${u}`;
  if (/^\s*(javascript|data|vbscript):/i.test(u) || /[\s<>"'`]/.test(u.replace(/\{\{[^}]*\}\}/g, '')))
    throw badRequest('菜单路径格式不正确');
  return u;
}

export type PermissionValues = Omit<
  SysPermissionTable,
  'id' | 'del_flag' | 'rule_flag' | 'is_leaf' | 'create_by' | 'create_time' | 'update_by' | 'update_time'
>;

/** The saved columns of a menu, button or permission, normalised the way JeecgBoot saves them. */
export function permissionValues(body: PermissionBody): PermissionValues {
  const name = optionalText(body.name);
  if (!name) throw businessError('请输入菜单名称!');
  const menuType = Number(body.menuType ?? 0);
  if (![0, 1, 2].includes(menuType)) throw badRequest('菜单类型取值不正确');
  const parentId = menuType === 0 ? null : optionalText(body.parentId);
  if (menuType !== 0 && !parentId) throw businessError('请检查你填的类型以及信息是否正确！');
  if (parentId) requireId(parentId, '上级菜单');
  const perms = optionalText(body.perms);
  if (perms && !/^[A-Za-z0-9_:.,-]+$/.test(perms)) throw businessError('授权标识格式不正确');
  const icon = optionalText(body.icon);
  if (icon && !/^[A-Za-z0-9_:\- ]+$/.test(icon)) throw badRequest('菜单图标格式不正确');
  const componentName = optionalText(body.componentName);
  if (componentName && !/^[A-Za-z0-9_-]+$/.test(componentName)) throw badRequest('组件名称格式不正确');
  let component = normaliseComponent(optionalText(body.component));
  if (component && !/^[A-Za-z0-9_\-/]+$/.test(component)) throw badRequest('前端组件格式不正确');
  if (menuType === 0 && !component) component = 'layouts/RouteView';
  const sortNo = Number(body.sortNo ?? 1);
  if (!Number.isFinite(sortNo)) throw badRequest('排序格式不正确');
  const permsType = optionalText(body.permsType) ?? (menuType === 2 ? '1' : '0');
  if (!['0', '1', '2'].includes(permsType)) throw badRequest('授权策略取值不正确');
  const status = optionalText(body.status) ?? '1';
  if (!['0', '1'].includes(status)) throw badRequest('状态取值不正确');
  return {
    parent_id: parentId,
    name,
    url: normaliseUrl(optionalText(body.url)),
    component: menuType === 2 ? null : component,
    component_name: componentName,
    redirect: menuType === 0 ? normaliseUrl(optionalText(body.redirect)) : null,
    menu_type: menuType,
    perms,
    perms_type: permsType,
    sort_no: sortNo,
    always_show: flag(body.alwaysShow),
    icon,
    is_route: flag(body.route, menuType !== 2),
    keep_alive: flag(body.keepAlive),
    hidden: flag(body.hidden),
    hide_tab: flag(body.hideTab),
    description: optionalText(body.description),
    status,
    internal_or_external: flag(body.internalOrExternal),
  };
}
