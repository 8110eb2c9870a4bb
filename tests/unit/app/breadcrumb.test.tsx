import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppBreadcrumb } from '@src/layouts/parts/AppBreadcrumb';
import { buildMenuRoutes } from '@src/router/menuRoutes';
import type { MenuItem } from '@src/types';

// as the server sends it: a top menu whose children are all hidden loses its meta
const menu: MenuItem[] = [
  {
    path: '/account',
    name: 'account',
    component: 'layouts/RouteView',
    route: '1',
    hidden: true,
    meta: { hideMenu: true },
    children: [
      {
        path: '/account/center',
        name: 'account-center',
        component: 'account/center/Index',
        route: '1',
        hidden: true,
        meta: { title: '个人中心' },
      },
    ],
  },
  {
    path: '/isystem',
    name: 'isystem',
    component: 'layouts/RouteView',
    route: '1',
    meta: { title: '系统管理' },
    children: [{ path: '/isystem/user', name: 'isystem-user', component: 'system/UserList', route: '1', meta: { title: '用户管理' } }],
  },
];

function crumbs(path: string): string[] {
  const route = buildMenuRoutes(menu).find((r) => r.path === path);
  render(
    <MemoryRouter>
      <AppBreadcrumb route={route} />
    </MemoryRouter>,
  );
  return screen
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '')
    .filter((t) => t !== '/');
}

describe('breadcrumb', () => {
  it('starts at 首页 and follows the menu ancestors', () => {
    expect(crumbs('/isystem/user')).toEqual(['首页', '系统管理', '用户管理']);
  });

  it('leaves out an ancestor without a title instead of showing its route name', () => {
    expect(crumbs('/account/center')).toEqual(['首页', '个人中心']);
  });

  it('shows the title a page without a menu entry published, and only 首页 before it publishes one', () => {
    const unlisted = (title?: string) => {
      const { unmount } = render(
        <MemoryRouter>
          <AppBreadcrumb unlistedTitle={title} path="/online/cgreport/abc" />
        </MemoryRouter>,
      );
      const items = screen
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '')
        .filter((t) => t !== '/');
      unmount();
      return items;
    };
    expect(unlisted('部门统计')).toEqual(['首页', '部门统计']);
    expect(unlisted()).toEqual(['首页']);
  });
});
