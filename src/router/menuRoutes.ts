import type { MenuItem } from '../types';

/** A flat route built from the server menu. Parents that are layouts wrap their descendants. */
export interface MenuRoute {
  path: string;
  name?: string;
  title: string;
  component?: string | null;
  /** Layout components of the ancestors, outermost first (e.g. layouts/PageView). */
  wrappers: string[];
  /** Menu ancestors, outermost first (breadcrumb). */
  ancestors: MenuItem[];
  item: MenuItem;
  redirect?: string;
}

export function normalisePath(path: string): string {
  if (!path) return '/';
  return path.startsWith('/') ? path : `/${path}`;
}

export function isLayoutComponent(component: string | null | undefined): boolean {
  return !!component && component.includes('layouts') && !component.includes('IframePageView') && !component.includes('IframeFReportView');
}

function firstChildPath(item: MenuItem): string | undefined {
  const child = (item.children ?? []).find((c) => c.route !== '0' && !c.hidden) ?? item.children?.[0];
  return child ? normalisePath(child.path) : undefined;
}

/**
 * Menu tree -> flat routes. `route: '0'` items get no route (nor their children);
 * `alwaysShow` items redirect to their own path, i.e. render their own component;
 * a layout parent without a page of its own sends its path to `redirect` or its first child.
 */
export function buildMenuRoutes(menu: readonly MenuItem[]): MenuRoute[] {
  const out: MenuRoute[] = [];
  const walk = (items: readonly MenuItem[], ancestors: MenuItem[]) => {
    for (const item of items) {
      if (item.route === '0') continue;
      const path = normalisePath(item.path);
      const children = item.children ?? [];
      const wrappers = ancestors.filter((a) => isLayoutComponent(a.component)).map((a) => a.component as string);
      const base = { path, name: item.name, title: item.meta?.title ?? item.name ?? path, wrappers, ancestors, item };
      const ownRedirect = item.redirect ? normalisePath(item.redirect) : undefined;
      if (item.alwaysShow) {
        out.push({ ...base, component: item.component });
      } else if (ownRedirect && ownRedirect !== path) {
        out.push({ ...base, redirect: ownRedirect });
      } else if (children.length > 0 && (isLayoutComponent(item.component) || !item.component)) {
        const target = firstChildPath(item);
        out.push(target && target !== path ? { ...base, redirect: target } : { ...base, component: item.component });
      } else {
        out.push({ ...base, component: item.component });
      }
      if (children.length > 0) walk(children, [...ancestors, item]);
    }
  };
  walk(menu, []);
  return out;
}

/**
 * Menu ancestors + item for a path. An exact path wins (for routes with
 * parameters the full path is matched); otherwise `:param` segments match any value.
 */
export function findMenuTrail(menu: readonly MenuItem[], pathname: string): MenuItem[] {
  const exact = (pattern: string) => normalisePath(pattern) === pathname;
  const withParams = (pattern: string) => {
    const a = normalisePath(pattern).split('/');
    const b = pathname.split('/');
    return a.length === b.length && a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
  };
  const search = (items: readonly MenuItem[], trail: MenuItem[], matches: (p: string) => boolean): MenuItem[] | undefined => {
    for (const item of items) {
      const next = [...trail, item];
      if (matches(item.path)) return next;
      const found = item.children ? search(item.children, next, matches) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  return search(menu, [], exact) ?? search(menu, [], withParams) ?? [];
}
