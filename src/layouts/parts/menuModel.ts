import type { MenuItem } from '../../types';
import { findMenuTrail, normalisePath } from '../../router/menuRoutes';

/** Visible menu nodes: hidden items are skipped; children show unless the parent is alwaysShow. */
export interface MenuNode {
  key: string;
  title: string;
  icon?: string;
  item: MenuItem;
  children?: MenuNode[];
}

export function visibleMenu(menu: readonly MenuItem[]): MenuNode[] {
  return menu
    .filter((m) => !m.hidden)
    .map((m) => {
      const node: MenuNode = { key: normalisePath(m.path), title: m.meta?.title ?? m.name ?? m.path, icon: m.meta?.icon, item: m };
      const children = (m.children ?? []).filter((c) => !c.hidden);
      if (children.length > 0 && !m.alwaysShow) node.children = visibleMenu(children);
      return node;
    });
}

export interface MenuSelection {
  selectedKeys: string[];
  openKeys: string[];
}

/** Selection follows the route: the deepest visible menu item on the path (full path for parameter routes). */
export function menuSelection(menu: readonly MenuItem[], pathname: string): MenuSelection {
  const trail = findMenuTrail(menu, pathname);
  const visible: MenuItem[] = [];
  for (const item of trail) {
    if (item.hidden) break;
    visible.push(item);
    if (item.alwaysShow) break;
  }
  if (visible.length === 0) return { selectedKeys: [], openKeys: [] };
  const keys = visible.map((m) => normalisePath(m.path));
  return { selectedKeys: [keys[keys.length - 1]], openKeys: keys.slice(0, -1) };
}

export function findMenuItemByKey(menu: readonly MenuItem[], key: string): MenuItem | undefined {
  for (const item of menu) {
    if (normalisePath(item.path) === key) return item;
    const found = item.children ? findMenuItemByKey(item.children, key) : undefined;
    if (found) return found;
  }
  return undefined;
}
