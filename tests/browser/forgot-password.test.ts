import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;

const MOBILE = '13800000004';
const NEW_PASSWORD = 'Company#2026new';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('找回密码', () => {
  it('verifies the mobile by SMS, sets a new password, and the company signs in with it', async () => {
    try {
      await page.goto(`${server.baseUrl}/user/login`);
      await page.getByRole('link', { name: '忘记密码' }).click();
      await page.waitForURL('**/user/alteration');
      await page.getByRole('button', { name: /下一步/ }).click();
      await page.getByText('请输入短信验证码!').waitFor();

      const smsRequests: string[] = [];
      page.on('request', (req) => {
        if (req.url().endsWith('/sys/sms')) smsRequests.push(req.postData() ?? '');
      });
      await page.getByPlaceholder('请输入手机号').fill(MOBILE);
      await page.getByRole('button', { name: '获取验证码' }).click();
      await page.getByRole('button', { name: /\d+ s/ }).waitFor();
      // the countdown starts as the request leaves: wait for the server to have sent the message
      let content = '';
      await expect
        .poll(
          async () => {
            const [sent] = await server.sql<{ content: string }>(
              'SELECT content FROM sys_sms_outbox WHERE mobile = $1 ORDER BY create_time DESC LIMIT 1',
              [MOBILE],
            );
            content = sent?.content ?? '';
            return content;
          },
          { timeout: 15_000 },
        )
        .not.toBe('');
      const code = /(\d{6})/.exec(content)?.[1] ?? '';
      await page.getByPlaceholder('请输入短信验证码').fill(code);
      await page.getByRole('button', { name: /下一步/ }).click();

      await expect.poll(() => page.getByLabel('账号名').inputValue()).toBe('company');
      await page.getByPlaceholder('请输入新密码').fill('short');
      await page.getByPlaceholder('请再次输入新密码').fill('other');
      await page.getByRole('button', { name: /提\s*交/ }).click();
      await page.getByText('密码由8位数字、大小写字母和特殊符号组成!').waitFor();
      await page.getByText('两次密码不一致').waitFor();
      await page.getByPlaceholder('请输入新密码').fill(NEW_PASSWORD);
      await page.getByPlaceholder('请再次输入新密码').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: /提\s*交/ }).click();
      await page.getByText('更改密码成功').waitFor();
      expect(smsRequests).toEqual([JSON.stringify({ mobile: MOBILE, smsmode: '2' })]);
      await page.waitForTimeout(400); // the steps' transition
      await keepScreenshot(page, 'forgot-password-done');

      await page.getByRole('button', { name: '返回登录' }).click();
      await page.waitForURL('**/user/login?username=company');
      await signIn(page, server, 'company', NEW_PASSWORD, '/user/login');
      await page.waitForURL('**/dashboard/analysis');
    } catch (error) {
      await keepScreenshot(page, 'forgot-password-failed');
      throw error;
    }
  }, 120_000);
});
