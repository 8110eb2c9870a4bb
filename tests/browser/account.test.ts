import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;

const USERNAME = 'expert';
const NEW_PASSWORD = 'Expert#2026new';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signIn(page, server, USERNAME, DEMO_PASSWORD);
  await page.waitForURL('**/dashboard/analysis');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function shot(name: string, body: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await body();
    } catch (error) {
      await keepScreenshot(page, `account-failed-${name}`);
      throw error;
    }
  };
}

const toast = (text: string | RegExp) => page.locator('.ant-message').getByText(text).first().waitFor();

async function openUserMenu(entry: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.locator('.ant-dropdown-menu-item', { hasText: entry }).click();
}

describe('account center and settings', () => {
  it(
    '账户设置 from the header: the new nickname and avatar show in the header and in 个人中心',
    shot('base', async () => {
      await openUserMenu('账户设置');
      await page.waitForURL('**/account/settings/base');
      const nickname = page.getByLabel('昵称');
      await expect.poll(() => nickname.inputValue()).toBe('评审专家');
      await keepScreenshot(page, 'account-settings-base');

      await nickname.fill('李评审');
      await page.getByLabel('电子邮件').fill('li.review@example.com');
      await page.locator('.account-base-form input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await expect.poll(() => page.locator('.account-base-form .ant-avatar img').getAttribute('src')).toContain('/sys/common/static/user/');
      await page.getByRole('button', { name: /更新基本信息/ }).click();
      await toast('修改成功!');
      await page.locator('.header-welcome', { hasText: '欢迎您，李评审' }).waitFor();
      await expect
        .poll(() => page.getByTestId('user-menu').locator('.ant-avatar img').getAttribute('src'))
        .toContain('/sys/common/static/user/');
      await keepScreenshot(page, 'account-settings-saved');

      await openUserMenu('个人中心');
      await page.waitForURL('**/account/center');
      await page.locator('.account-center-name', { hasText: '李评审' }).waitFor();
      await page.getByText('li.review@example.com').waitFor();
      await keepScreenshot(page, 'account-center');

      await page.reload();
      await page.locator('.header-welcome', { hasText: '欢迎您，李评审' }).waitFor();
    }),
  );

  it(
    '新消息通知: a turned switch is saved and stays after reload',
    shot('notification', async () => {
      await page.goto(`${server.baseUrl}/account/settings/notification`);
      const email = page.getByRole('switch', { name: '邮件通知' });
      await expect.poll(() => email.getAttribute('aria-checked')).toBe('false');
      await email.click();
      await toast('保存成功!');
      await page.reload();
      await expect.poll(() => page.getByRole('switch', { name: '邮件通知' }).getAttribute('aria-checked')).toBe('true');
      expect(await page.getByRole('switch', { name: '系统消息' }).getAttribute('aria-checked')).toBe('true');
      await keepScreenshot(page, 'account-settings-notification');

      await page.locator('.account-settings .ant-menu-item', { hasText: '个性化' }).click();
      await page.waitForURL('**/account/settings/custom');
      await page.getByRole('heading', { name: '风格配色' }).waitFor();
      await page.getByText('极客蓝（默认）').waitFor();
      await keepScreenshot(page, 'account-settings-custom');
    }),
  );

  it(
    '安全设置: the password changes and the new one signs in',
    shot('password', async () => {
      await page.goto(`${server.baseUrl}/account/settings/security`);
      await page
        .locator('.ant-list-item', { hasText: '账户密码' })
        .getByRole('button', { name: /修\s*改/ })
        .click();
      const modal = page.locator('.ant-modal', { hasText: '修改密码' });
      await modal.getByLabel('旧密码').fill(DEMO_PASSWORD);
      await modal.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
      await modal.getByLabel('确认新密码').fill(NEW_PASSWORD);
      await keepScreenshot(page, 'account-settings-password');
      await modal.getByRole('button', { name: /确\s*定/ }).click();
      await toast('密码修改成功！');

      await page.getByText('退出登录').click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await page.waitForURL('**/user/login**');
      await signIn(page, server, USERNAME, DEMO_PASSWORD);
      await page
        .locator('.ant-notification, .ant-message')
        .getByText(/密码错误|用户名或密码错误/)
        .first()
        .waitFor();
      await signIn(page, server, USERNAME, NEW_PASSWORD);
      await page.waitForURL('**/dashboard/analysis');
      await page.locator('.header-welcome', { hasText: '欢迎您，李评审' }).waitFor();
    }),
  );
});
