import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '@src/router/AppRoutes';
import { clearSession, saveLogin } from '@src/state/session';
import { appStore } from '@src/state/store';
import { settingsAtom } from '@src/state/settings';
import type { MenuItem } from '@src/types';
import { AppHarness, fakeApi, location, type FakeHandler } from './fakeApi';

const menu: MenuItem[] = [
  {
    path: '/dashboard/analysis',
    name: 'dashboard-analysis',
    component: 'dashboard/Analysis',
    route: '1',
    meta: { title: '首页', icon: 'home' },
  },
  {
    path: '/isystem',
    name: 'isystem',
    component: 'layouts/RouteView',
    route: '1',
    meta: { title: '系统管理', icon: 'setting' },
    children: [
      { path: '/isystem/missing', name: 'isystem-missing', component: 'system/NoSuchList', route: '1', meta: { title: '不存在的页面' } },
    ],
  },
];

let routes: Record<string, FakeHandler>;
let api: ReturnType<typeof fakeApi>;
const calls = () => api.calls.map((c) => `${c.method} ${c.url}`);

function renderAt(path: string) {
  api = fakeApi(routes);
  return render(
    <AppHarness path={path}>
      <AppRoutes />
    </AppHarness>,
  );
}

const loginResult = { token: 'tok-1', userInfo: { id: '1', username: 'admin', realname: '管理员' }, multi_depart: 1 };

beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { value: 1400, configurable: true });
  clearSession();
  localStorage.clear();
  routes = {
    '/sys/randomImage/': () => ({ data: { success: true, code: 0, result: 'data:image/png;base64,AAAA' } }),
    '/sys/login': () => ({ data: { success: true, code: 200, message: '登录成功', result: loginResult } }),
    '/sys/permission/getUserPermissionByToken': () => ({
      data: {
        success: true,
        code: 0,
        result: { menu, auth: [{ action: 'dashboard:visit:view', type: '1', describe: '访问统计' }], allAuth: [] },
      },
    }),
    '/sys/loginfo': () => ({ data: { success: true, result: { todayIp: 3, todayVisitCount: 5, totalVisitCount: 42 } } }),
    '/sys/visitInfo': () => ({ data: { success: true, result: [] } }),
    '/sys/logout': () => ({ data: { success: true } }),
    '/sys/schema/page': () => ({ data: { success: false, code: 500, message: '未找到页面配置：system/NoSuchList' } }),
  };
});

afterEach(() => {
  appStore.set(settingsAtom, { multipage: false });
});

describe('app shell', () => {
  it('sends an anonymous visitor to the login page and back to the target after sign-in', async () => {
    renderAt('/isystem/missing');
    await screen.findByText('账号密码登录', undefined, { timeout: 20_000 });
    expect(location.current).toBe('/user/login?redirect=%2Fisystem%2Fmissing');
    expect(screen.getByText('手机号登录')).toBeTruthy();
    expect(screen.getByText('自动登录')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));

    await screen.findByText(/未找到组件/, undefined, { timeout: 20_000 });
    expect(location.current).toBe('/isystem/missing');
    expect(screen.getByText('system/NoSuchList')).toBeTruthy();
    expect(calls()).toContain('GET /sys/permission/getUserPermissionByToken');
  });

  it('shows the required-field messages and the login failure from the server', async () => {
    routes['/sys/login'] = () => ({ data: { success: false, code: 412, message: '验证码错误' } });
    renderAt('/user/login');
    await screen.findByText('账号密码登录');
    // 确定 waits for the server's captcha setting
    await waitFor(() => expect(screen.getByRole('button', { name: /确\s*定/ }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入用户名!')).toBeTruthy();
    expect(screen.getByText('请输入密码!')).toBeTruthy();
    expect(screen.getByText('请输入验证码!')).toBeTruthy();

    const captchaBefore = calls().filter((c) => c.startsWith('GET /sys/randomImage/')).length;
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: 'zzzz' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('登录失败')).toBeTruthy();
    expect(screen.getByText('验证码错误')).toBeTruthy();
    await waitFor(() => expect(calls().filter((c) => c.startsWith('GET /sys/randomImage/')).length).toBeGreaterThan(captchaBefore));
  });

  it('logs out and returns to login when the menu is empty', async () => {
    saveLogin(loginResult);
    routes['/sys/permission/getUserPermissionByToken'] = () => ({ data: { success: true, result: { menu: [], auth: [], allAuth: [] } } });
    renderAt('/dashboard/analysis');
    await screen.findByText('账号密码登录');
    expect(location.current).toBe('/user/login?redirect=%2Fdashboard%2Fanalysis');
    expect(calls()).toContain('POST /sys/logout');
    expect(localStorage.getItem('pro__Access-Token')).toBeNull();
  });

  it('shows the dashboard with visit counts, the menu and the welcome line for a signed-in user', async () => {
    saveLogin(loginResult);
    renderAt('/');
    expect(await screen.findByText('今日IP', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(location.current).toBe('/dashboard/analysis');
    await waitFor(() => expect(screen.getByText('42')).toBeTruthy());
    expect(screen.getAllByText('系统管理').length).toBeGreaterThan(0);
    expect(screen.getByText(/欢迎您，管理员/)).toBeTruthy();
    expect(screen.getByText(/Copyright © 2023/)).toBeTruthy();
    expect(screen.getByText(/咨询电话/)).toBeTruthy();
    expect(document.title).toBe('工程监理企业信用评价系统');
  });

  it('shows a welcome card without asking for visit numbers to a user without the statistics grant', async () => {
    routes['/sys/permission/getUserPermissionByToken'] = () => ({
      data: { success: true, code: 0, result: { menu, auth: [], allAuth: [] } },
    });
    saveLogin(loginResult);
    renderAt('/');
    expect(await screen.findByText(/欢迎使用工程监理企业信用评价系统/, undefined, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByText('今日IP')).toBeNull();
    expect(calls()).not.toContain('GET /sys/loginfo');
  });

  it('opens a tab per page in multi-page mode; home has no close button', async () => {
    saveLogin(loginResult);
    appStore.set(settingsAtom, { multipage: true });
    renderAt('/isystem/missing');
    await screen.findByText(/未找到组件/, undefined, { timeout: 20_000 });
    const tabs = () => Array.from(document.querySelectorAll('[data-tab-key]')).map((e) => e.textContent);
    await waitFor(() => expect(tabs()).toEqual(['首页', '不存在的页面']));
    expect(document.title).toBe('不存在的页面 · 工程监理企业信用评价系统');
    const closable = Array.from(document.querySelectorAll('.ant-tabs-tab'))
      .filter((tab) => tab.querySelector('.ant-tabs-tab-remove'))
      .map((tab) => tab.querySelector('[data-tab-key]')?.textContent);
    expect(closable).toEqual(['不存在的页面']);
  });
});

describe('public routes', () => {
  it('render without sign-in', async () => {
    renderAt('/test/home');
    expect(await screen.findByText('页面 /test/home 暂未开放', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(location.current).toBe('/test/home');
  });

  it('the certificate check page opens without sign-in', async () => {
    renderAt('/xypj/checkzs');
    expect(await screen.findByText('信用等级证书查询', undefined, { timeout: 20_000 })).toBeTruthy();
    expect(location.current).toBe('/xypj/checkzs');
  });
});
