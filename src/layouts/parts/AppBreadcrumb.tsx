import { Breadcrumb } from 'antd';
import { Link } from 'react-router-dom';
import { HOME_PATH, HOME_TITLE } from '../../config';
import { normalisePath, type MenuRoute } from '../../router/menuRoutes';

/** 首页 first, then the menu ancestors and the page; every item links except the current one. */
export function AppBreadcrumb({ route }: { route?: MenuRoute }) {
  const trail = route ? [...route.ancestors.map((a) => ({ path: normalisePath(a.path), title: a.meta?.title ?? a.name ?? a.path })), { path: route.path, title: route.title }] : [];
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
