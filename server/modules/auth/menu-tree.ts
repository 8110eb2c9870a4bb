import { createHash } from 'node:crypto';
import { grantedPermissionIds } from '../../core/permissions';
import type { Db, SysPermission } from '../../db/types';
import { applyRoleIndex, roleIndexOf } from './role-index';

export interface MenuItem {
  id: string;
  route: '0' | '1';
  path: string | null;
  name: string;
  hidden?: true;
  alwaysShow?: true;
  component: string | null;
  redirect?: string | null;
  meta: Record<string, unknown>;
  children?: MenuItem[];
}

export interface AuthEntry {
  action: string | null;
  type: string | null;
  describe: string;
  status?: string | null;
}

const isExternal = (url: string | null) => !!url && /^(https?:\/\/|\{\{)/.test(url);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

function routeName(p: SysPermission): string {
  if (p.component_name) return p.component_name;
  return (p.url ?? '').replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function toMenuItem(p: SysPermission, topLevel: boolean): MenuItem {
  const external = isExternal(p.url);
  const item: MenuItem = {
    id: p.id,
    route: p.is_route === 1 ? '1' : '0',
    path: external ? md5(p.url!) : p.url,
    name: routeName(p),
    component: p.component,
    meta: {
      keepAlive: p.keep_alive === 1,
      internalOrExternal: p.internal_or_external === 1,
      title: p.name,
    },
  };
  if (p.hidden === 1) item.hidden = true;
  if (p.always_show === 1) item.alwaysShow = true;
  if (topLevel) item.redirect = p.redirect;
  const componentName = p.component_name || (p.component ? p.component.split('/').pop() : '');
  if (componentName) item.meta.componentName = componentName;
  if (p.icon) item.meta.icon = p.icon;
  if (external) item.meta.url = p.url;
  if (p.hidden === 1) item.meta.hideMenu = true;
  if (p.hide_tab === 1) item.meta.hideTab = true;
  return item;
}

/** As JeecgBoot builds the menu: children only under non-leaf parents, buttons skipped, all-hidden children hide the parent. */
export function buildMenuTree(rows: readonly SysPermission[]): MenuItem[] {
  const byParent = new Map<string, SysPermission[]>();
  for (const row of rows) {
    if (!row.parent_id) continue;
    const list = byParent.get(row.parent_id) ?? [];
    list.push(row);
    byParent.set(row.parent_id, list);
  }
  const build = (p: SysPermission, topLevel: boolean): MenuItem => {
    const item = toMenuItem(p, topLevel);
    if (p.is_leaf === 0) {
      const children = (byParent.get(p.id) ?? []).filter((c) => c.menu_type !== 2).map((c) => build(c, false));
      if (children.length > 0) item.children = children;
    }
    return item;
  };
  const top = rows.filter((r) => !r.parent_id && r.menu_type !== 2).map((r) => build(r, true));
  for (const item of top) {
    if (item.children && item.children.length > 0 && item.children.every((c) => c.hidden === true)) {
      item.hidden = true;
      item.meta = { hideMenu: true };
    }
  }
  return top;
}

export interface UserPermissionResult {
  menu: MenuItem[];
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  sysSafeMode: boolean;
}

/** getUserPermissionByToken: the admin role sees every row; others the rows granted to their roles and department roles. */
export async function userPermissionResult(db: Db, userId: string, roleCodes: readonly string[]): Promise<UserPermissionResult> {
  const isAdmin = roleCodes.includes('admin');
  let query = db.selectFrom('sys_permission as p').selectAll('p').where('p.del_flag', '=', 0);
  if (!isAdmin) {
    query = query.where('p.id', 'in', grantedPermissionIds(db, userId));
  }
  let rows = await query.orderBy('p.sort_no').orderBy('p.id').execute();

  if (!rows.some((r) => r.name === '首页')) {
    const home = await db
      .selectFrom('sys_permission')
      .selectAll()
      .where('name', '=', '首页')
      .where('del_flag', '=', 0)
      .orderBy('sort_no')
      .executeTakeFirst();
    if (home) rows = [home, ...rows];
  }
  if (isAdmin) rows = rows.map((r) => (r.name === '首页' && !r.parent_id ? { ...r, component: 'dashboard/Analysis' } : r));
  rows = applyRoleIndex(rows, await roleIndexOf(db, roleCodes));

  const auth = rows
    .filter((r) => r.menu_type === 2 && r.status === '1')
    .map((r) => ({ action: r.perms, type: r.perms_type, describe: r.name }));
  const allButtons = await db
    .selectFrom('sys_permission')
    .selectAll()
    .where('del_flag', '=', 0)
    .where('menu_type', '=', 2)
    .orderBy('sort_no')
    .execute();
  const allAuth = allButtons.map((r) => ({ action: r.perms, status: r.status, type: r.perms_type, describe: r.name }));
  return { menu: buildMenuTree(rows), auth, allAuth, sysSafeMode: false };
}
