/**
 * 填值规则: the seeded rules listed, a rule added through the form (a bad parameter refused), and its
 * 功能测试: the preview does not take a number, 取号 does.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
}, 120_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    if (page) await keepScreenshot(page, `system-rules-failed-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('.ant-table').first().waitFor();
  await page.waitForLoadState('networkidle');
}

const rows = (): Locator => page.locator('tr.ant-table-row');
const row = (text: string): Locator => rows().filter({ has: page.getByText(text, { exact: true }) });
const toast = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor();
const dialog = (title: string) => page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

describe('system rules', () => {
  it('填值规则: add a rule, preview its next number and take one', async () => {
    await open('/isystem/fillRule');
    await row('shop_order_num').waitFor();
    expect(await page.getByTestId('side-menu').locator('.ant-menu-item', { hasText: '填值规则' }).locator('.anticon').count()).toBe(1);
    await keepScreenshot(page, 'system-rules-fill-list');
    await page.getByRole('button', { name: '新增' }).click();
    const form = dialog('新增');
    await form.getByPlaceholder('请输入规则名称').fill('评价受理编号');
    await form.getByPlaceholder('请输入规则Code').fill('accept_no');
    await form.locator('textarea').fill('{"prefix":"SL","seqLength":3,"reset":"hour"}');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message').getByText(/重置周期/).first().waitFor();
    await form.locator('textarea').fill('{"prefix":"SL","seqLength":3,"reset":"never"}');
    await keepScreenshot(page, 'system-rules-fill-form');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('添加成功！');
    await row('accept_no').getByText('功能测试', { exact: true }).click();
    const test = dialog('功能测试');
    await expect.poll(() => test.getByTestId('fill-preview').textContent()).toBe('生成结果：SL001');
    await page.waitForTimeout(400);
    await keepScreenshot(page, 'system-rules-fill-test');
    await test.getByRole('button', { name: '取号（占用编号）' }).click();
    await expect.poll(() => test.getByTestId('fill-taken').textContent()).toBe('SL001');
    await expect.poll(() => test.getByTestId('fill-preview').textContent()).toBe('生成结果：SL002');
    await test.getByRole('button', { name: /关\s*闭/ }).click();
  });
});
