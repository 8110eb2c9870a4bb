import { describe, expect, it } from 'vitest';
import { buildMenuRoutes, findMenuTrail } from '@src/router/menuRoutes';
import { menuSelection, visibleMenu } from '@src/layouts/parts/menuModel';
import type { MenuItem } from '@src/types';

const menu: MenuItem[] = [
  { path: '/dashboard/analysis', name: 'dashboard-analysis', component: 'dashboard/Analysis', route: '1', meta: { title: '首页' } },
  {
    path: '/isystem',
    name: 'isystem',
    component: 'layouts/RouteView',
    route: '1',
    meta: { title: '系统管理' },
    children: [
      {
        path: '/isystem/user',
        name: 'isystem-user',
        component: 'system/UserList',
        route: '1',
        meta: { title: '用户管理', keepAlive: true, componentName: 'UserList' },
      },
      {
        path: '/isystem/detail/:id',
        name: 'isystem-detail',
        component: 'system/Detail',
        route: '1',
        hidden: true,
        meta: { title: '详情' },
      },
      { path: '/online/cgformList/abc', name: 'only-menu', component: 'x', route: '0', meta: { title: '只在菜单' } },
    ],
  },
  {
    path: '/report',
    name: 'report',
    component: 'report/Index',
    route: '1',
    alwaysShow: true,
    meta: { title: '报表' },
    children: [{ path: '/report/one', name: 'report-one', component: 'report/One', route: '1', meta: { title: '报表一' } }],
  },
  {
    path: 'a1b2c3',
    name: 'doc',
    component: 'layouts/IframePageView',
    route: '1',
    meta: { title: '文档', url: '{{ domianURL }}/doc.html' },
  },
  {
    path: '/pv',
    name: 'pv',
    component: 'layouts/PageView',
    route: '1',
    meta: { title: '页面' },
    children: [{ path: '/pv/a', component: 'pv/A', route: '1', meta: { title: 'A' } }],
  },
];

describe('routes from the server menu', () => {
  const routes = buildMenuRoutes(menu);
  const byPath = (p: string) => routes.find((r) => r.path === p);

  it("skips route '0' items", () => {
    expect(byPath('/online/cgformList/abc')).toBeUndefined();
  });

  it('sends a layout folder to its first child and renders its pages inside the layout', () => {
    expect(byPath('/isystem')?.redirect).toBe('/isystem/user');
    expect(byPath('/isystem/user')).toMatchObject({ component: 'system/UserList', wrappers: ['layouts/RouteView'], title: '用户管理' });
    expect(byPath('/pv/a')?.wrappers).toEqual(['layouts/PageView']);
  });

  it('an alwaysShow item renders its own page, its children stay routable', () => {
    expect(byPath('/report')?.component).toBe('report/Index');
    expect(byPath('/report')?.redirect).toBeUndefined();
    expect(byPath('/report/one')?.component).toBe('report/One');
  });

  it('gives external (hashed) paths a leading slash', () => {
    expect(byPath('/a1b2c3')?.component).toBe('layouts/IframePageView');
  });
});

describe('menu tree and selection', () => {
  it('skips hidden items and does not show children of alwaysShow items', () => {
    const nodes = visibleMenu(menu);
    const system = nodes.find((n) => n.key === '/isystem');
    expect(system?.children?.map((c) => c.title)).toEqual(['用户管理', '只在菜单']);
    expect(nodes.find((n) => n.key === '/report')?.children).toBeUndefined();
  });

  it('selects the deepest visible item; exact full paths win over parameter routes', () => {
    expect(menuSelection(menu, '/isystem/user')).toEqual({ selectedKeys: ['/isystem/user'], openKeys: ['/isystem'] });
    expect(menuSelection(menu, '/isystem/detail/7')).toEqual({ selectedKeys: ['/isystem'], openKeys: [] });
    expect(menuSelection(menu, '/report/one')).toEqual({ selectedKeys: ['/report'], openKeys: [] });
    expect(findMenuTrail(menu, '/online/cgformList/abc').at(-1)?.name).toBe('only-menu');
  });
});
