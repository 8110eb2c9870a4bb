/**
 * 新闻: staff write a news item in the rich-text editor and publish it; a company reads it.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chooseTenantAndDepartment,
  DEMO_PASSWORD,
  keepScreenshot,
  launchBrowser,
  newPage,
  signIn,
  startServer,
  type RunningServer,
} from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signIn(page, server, 'staff', DEMO_PASSWORD);
  await chooseTenantAndDepartment(page);
  await page.waitForURL('**/dashboard/analysis');
}, 90_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    if (page) await keepScreenshot(page, `xypj-news-failed-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, on: Page): Promise<void> {
  await on.goto(`${server.baseUrl}${path}`);
  await on.locator('.ant-table').first().waitFor();
  await on.waitForLoadState('networkidle');
}

const rows = (on: Page): Locator => on.locator('tr.ant-table-row');
const row = (text: string, on: Page): Locator => rows(on).filter({ has: on.getByText(text, { exact: true }) });
const toast = (text: string, on: Page) => on.locator('.ant-message').getByText(text).first().waitFor();
const dialog = (title: string, on: Page) =>
  on.locator('.ant-modal-content').filter({ has: on.locator('.ant-modal-title', { hasText: title }) });

describe('新闻', () => {
  it('staff write and publish a news item; a company reads it with its formatting', async () => {
    await open('/xypj/news', page);
    expect(await page.locator('.ant-table-thead').textContent()).toContain('发布状态');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog('新增', page);
    await form.getByPlaceholder('请输入标题').fill('关于评价结果公示的通知');
    await form.locator('.ant-select').filter({ hasText: '请选择类别' }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('通知公告').click();
    const editor = form.getByRole('textbox', { name: '富文本内容' });
    await editor.click();
    await page.keyboard.type('公示期为七个工作日。');
    await page.keyboard.press('Control+A');
    await form.getByRole('button', { name: '加粗' }).click();
    await keepScreenshot(page, 'xypj-news-form');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('添加成功！', page);
    const item = row('关于评价结果公示的通知', page);
    await item.waitFor();
    expect(await item.textContent()).toContain('未发布');
    await item.getByText('发布', { exact: true }).click();
    await page
      .locator('.ant-modal-confirm')
      .filter({ hasText: '发布后所有用户可以查看' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await toast('发布成功', page);
    await expect.poll(() => item.textContent()).toContain('已发布');
    await keepScreenshot(page, 'xypj-news-list');

    const reader = (await newPage(browser)).page;
    try {
      await signIn(reader, server, 'company', DEMO_PASSWORD);
      await reader.waitForURL('**/dashboard/analysis');
      await open('/xypj/news', reader);
      const seen = row('关于评价结果公示的通知', reader);
      await seen.waitFor();
      expect(await reader.locator('.ant-table-thead').textContent()).not.toContain('发布状态');
      expect(await rows(reader).filter({ hasText: '全省工程监理行业发展情况通报' }).count()).toBe(0);
      expect(await reader.getByRole('button', { name: /新\s*增/ }).count()).toBe(0);
      await seen.getByText('详情', { exact: true }).click();
      const detail = reader.locator('.ant-modal-content').filter({ hasText: '公示期为七个工作日。' });
      await detail.waitFor();
      expect(await detail.locator('.j-editor-pretty b, .j-editor-pretty strong').textContent()).toBe('公示期为七个工作日。');
      await keepScreenshot(reader, 'xypj-news-detail');
    } finally {
      await reader.close();
    }
  });
});

describe('新闻 on the public result page', () => {
  it('a visitor who is not signed in reads the latest news under 评价结果公示', async () => {
    const visitor = (await newPage(browser)).page;
    try {
      await visitor.goto(`${server.baseUrl}/xypj/resultlist`);
      const panel = visitor.locator('.ant-card').filter({ hasText: '新闻动态' });
      await panel.getByText('监理企业信用评价办法解读').click();
      const modal = visitor.locator('.ant-modal-content').filter({ hasText: '90分以上为AAA级' });
      await modal.waitFor();
      expect(await modal.textContent()).toContain('政策解读');
      expect(await panel.textContent()).not.toContain('全省工程监理行业发展情况通报');
      expect(await visitor.locator('.ant-card').filter({ hasText: '相关文件' }).textContent()).toContain('工程监理企业信用评价管理办法');
      await keepScreenshot(visitor, 'xypj-public-news');
    } finally {
      await visitor.close();
    }
  });
});
