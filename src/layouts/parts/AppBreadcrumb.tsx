import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import { HOME_PATH, HOME_TITLE } from '../../config';
import { normalisePath, type MenuRoute } from '../../router/menuRoutes';

/**
 * 首页 first, then the menu ancestors and the page; every item links except the current one. An
 * ancestor without a title is left out: the server replaces the meta of a parent whose children are
 * all hidden, and its route name means nothing to a user. A page reached without a menu entry shows the title it
 * published (`unlistedTitle`).
 */
export function AppBreadcrumb({ route, unlistedTitle, path }: { route?: MenuRoute; unlistedTitle?: string; path?: string }) {
  const ancestors = route?.ancestors.flatMap((a) => (a.meta?.title ? [{ path: normalisePath(a.path), title: a.meta.title }] : [])) ?? [];
  const unlisted = unlistedTitle && path ? [{ path, title: unlistedTitle }] : [];
  const trail = route ? [...ancestors, { path: route.path, title: route.title }] : unlisted;
  const items = [{ path: HOME_PATH, title: HOME_TITLE }, ...trail.filter((t) => t.path !== HOME_PATH)];
  return (
    <Breadcrumb
      style={{ margin: '12px 0' }}
      items={items.map((item, i) => ({
        key: item.path,
        title: i === items.length - 1 ? item.title : <Link to={item.path}>{item.title}</Link>,
      }))}
    />
  );
}
