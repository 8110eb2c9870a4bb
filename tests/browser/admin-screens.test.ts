import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signIn(page, server, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard/analysis');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, name: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('.ant-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  await keepScreenshot(page, `admin-${name}`);
}

const headers = () => page.locator('.ant-table-thead th').allTextContents();

describe('administration screens render from their schemas', () => {
  it('用户管理: columns, toolbar with 回收站 / 冻结 / 解冻, admin row with 密码', async () => {
    await open('/isystem/user', 'user-list');
    expect(await headers()).toEqual(expect.arrayContaining(['用户账号', '用户姓名', '头像', '性别', '生日', '手机号码', '部门', '负责部门', '状态', '操作']));
    for (const name of [/添加用户/, /导\s*出/, /导\s*入/, /回收站/, /冻\s*结/, /解\s*冻/]) await page.getByRole('button', { name }).first().waitFor();
    await page.locator('.admin-row-actions').getByText('密码').first().waitFor();
  });
});
