import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, fillLoginForm, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function withPage(name: string, fn: (page: Page) => Promise<void>, viewport?: { width: number; height: number }): Promise<void> {
  const { context, page } = await newPage(browser, viewport);
  try {
    await fn(page);
  } catch (error) {
    await keepScreenshot(page, `shell-${name}`);
    throw error;
  } finally {
    await context.close();
  }
}

const tabTitles = (page: Page) => page.locator('[data-tab-key]').allTextContents();

async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, server, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard/analysis');
  await page.getByText('今日IP').waitFor();
}

describe('app shell in the browser', () => {
  it('signs in through the captcha and returns to the page asked for (redirect round trip)', () =>
    withPage('redirect', async (page) => {
      await page.goto(`${server.baseUrl}/exception/403?from=test`);
      await page.waitForURL(/\/user\/login\?redirect=/);
      expect(new URL(page.url()).searchParams.get('redirect')).toBe('/exception/403?from=test');
      await fillLoginForm(page, server, 'admin', ADMIN_PASSWORD);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/exception/403?from=test');
      await page.getByText('抱歉，你无权访问该页面').waitFor();
      await page.getByText('欢迎', { exact: true }).waitFor();
      await page.getByText(/欢迎回来/).waitFor();
      await page.getByText(/欢迎您，/).waitFor();
      expect(await page.title()).toBe('403 · 工程监理企业信用评价系统');
    }));

  it('a wrong captcha shows the server message and a new image', () =>
    withPage('wrong-captcha', async (page) => {
      await page.goto(`${server.baseUrl}/user/login`);
      await fillLoginForm(page, server, 'admin', ADMIN_PASSWORD);
      const firstKey = await page.locator('img[data-check-key]').getAttribute('data-check-key');
      await page.getByPlaceholder('请输入验证码').fill('0000');
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await page.getByText('登录失败').waitFor();
      await page.waitForFunction((key) => {
        const el = document.querySelector('img[data-check-key]');
        return !!el && el.getAttribute('data-check-key') !== key;
      }, firstKey);
      expect(page.url()).toContain('/user/login');
    }));

  it('menu navigation opens tabs; the tab context menu closes the others; home cannot be closed', () =>
    withPage('tabs', async (page) => {
      await signInAsAdmin(page);
      await page.evaluate(() => localStorage.setItem('pro__DEFAULT_MULTI_PAGE', JSON.stringify({ value: true, expire: null })));
      await page.reload();
      await page.getByText('今日IP').waitFor();
      await page.locator('.ant-menu-submenu-title', { hasText: '异常页' }).click();
      await page.locator('.ant-menu-item', { hasText: '403' }).click();
      await page.waitForURL('**/exception/403');
      await page.locator('.ant-menu-item', { hasText: '404' }).click();
      await page.waitForURL('**/exception/404');
      await expect.poll(() => tabTitles(page)).toEqual(['首页', '403', '404']);

      await page.locator('[data-tab-key="/exception/403"]').click({ button: 'right' });
      await page.getByRole('menuitem', { name: '关闭其它' }).click();
      await expect.poll(() => tabTitles(page)).toEqual(['首页', '403']);
      await page.waitForURL('**/exception/403');

      expect(await page.locator('.ant-tabs-tab', { hasText: '首页' }).locator('.ant-tabs-tab-remove').count()).toBe(0);
      expect(await tabTitles(page)).toEqual(['首页', '403']);
    }));

  it('at mobile width the menu is a drawer', () =>
    withPage(
      'mobile',
      async (page) => {
        await signInAsAdmin(page);
        expect(await page.getByTestId('side-menu').count()).toBe(0);
        await page.getByLabel('展开菜单').click();
        const drawer = page.locator('.menu-drawer');
        await drawer.getByText('异常页').waitFor();
        await drawer.getByText('异常页').click();
        await drawer.getByText('404').click();
        await page.waitForURL('**/exception/404');
        await expect.poll(() => drawer.locator('.ant-drawer-content-wrapper').isVisible()).toBe(false);
      },
      { width: 800, height: 900 },
    ));

  it('an expired session shows the 401 message and lands on the login page', () =>
    withPage('401', async (page) => {
      await signInAsAdmin(page);
      await page.evaluate(() =>
        localStorage.setItem('pro__Access-Token', JSON.stringify({ value: 'no-such-token', expire: Date.now() + 60_000 })),
      );
      await page.reload();
      await page.getByText('很抱歉，登录已过期，请重新登录').waitFor();
      await page.waitForURL(/\/user\/login/);
      await page.getByText('账号密码登录').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    }));

  it('logout asks for confirmation, revokes the token and returns to login', () =>
    withPage('logout', async (page) => {
      await signInAsAdmin(page);
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string);
      await page.getByText('退出登录').click();
      await page.getByText('真的要注销登录吗 ?').waitFor();
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await page.waitForURL(`${server.baseUrl}/user/login`);
      expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
      const res = await fetch(`${server.apiUrl}/sys/permission/getUserPermissionByToken`, { headers: { 'X-Access-Token': token } });
      expect(res.status).toBe(401);
    }));
});
