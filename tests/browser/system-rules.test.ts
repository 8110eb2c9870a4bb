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

async function pick(scope: Locator, label: string, option: string): Promise<void> {
  await scope.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

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
    await page
      .locator('.ant-message')
      .getByText(/重置周期/)
      .first()
      .waitFor();
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

  it('编码校验规则: add a rule from steps and test values against it', async () => {
    await open('/isystem/checkRule');
    await row('common').waitFor();
    await page.getByRole('button', { name: '新增' }).click();
    const form = dialog('新增');
    await form.getByPlaceholder('请输入规则名称').fill('项目编号');
    await form.getByPlaceholder('请输入规则Code').fill('proj_no');
    const steps = form.getByTestId('check-rule-steps');
    await steps.getByRole('button', { name: '添加一条规则' }).click();
    await steps.getByRole('button', { name: '添加一条规则' }).click();
    const stepRows = steps.locator('tr.ant-table-row');
    await stepRows.nth(0).getByRole('spinbutton', { name: '位数' }).fill('2');
    await pick(stepRows.nth(0), '规则类型', '大写字母');
    await stepRows.nth(0).getByRole('textbox', { name: '提示文本' }).fill('前两位必须是大写字母');
    await pick(stepRows.nth(1), '位数方式', '剩余全部');
    await stepRows.nth(1).getByRole('textbox', { name: '提示文本' }).fill('其余必须是数字');
    await keepScreenshot(page, 'system-rules-check-form');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('添加成功！');
    await row('proj_no').getByText('功能测试', { exact: true }).click();
    const test = dialog('功能测试');
    await test.getByRole('textbox', { name: '功能测试' }).fill('xY12');
    await expect.poll(() => test.getByTestId('check-verdict').textContent()).toBe('前两位必须是大写字母');
    await test.getByRole('textbox', { name: '功能测试' }).fill('XY1a');
    await expect.poll(() => test.getByTestId('check-verdict').textContent()).toBe('其余必须是数字');
    await keepScreenshot(page, 'system-rules-check-test');
    await test.getByRole('textbox', { name: '功能测试' }).fill('XY2026');
    await expect.poll(() => test.getByTestId('check-verdict').textContent()).toBe('校验通过');
    await test.getByRole('button', { name: /关\s*闭/ }).click();
  });

  it('多数据源: add the local PostgreSQL, set its password and test the connection', async () => {
    await open('/isystem/dataSource');
    await page.getByRole('button', { name: '新增' }).click();
    const form = dialog('新增');
    await form.getByPlaceholder('请输入数据源编码').fill('local_pg');
    await form.getByPlaceholder('请输入数据源名称').fill('本机数据库');
    await form.getByPlaceholder('如 127.0.0.1').fill('127.0.0.1');
    await form.getByPlaceholder('请输入端口').fill('5432');
    await form.getByPlaceholder('请输入数据库名').fill('postgres');
    await form.getByPlaceholder('请输入用户名').fill('postgres');
    await keepScreenshot(page, 'system-rules-datasource-form');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('添加成功！');
    await row('local_pg').getByText('设置密码', { exact: true }).click();
    const pw = dialog('设置密码');
    await pw.getByLabel('数据库密码').fill('not-shown-again');
    await keepScreenshot(page, 'system-rules-datasource-password');
    await pw.getByRole('button', { name: /保\s*存/ }).click();
    await toast('密码已保存');
    await row('local_pg').getByText('测试连接', { exact: true }).click();
    await toast('数据库连接成功');
    await keepScreenshot(page, 'system-rules-datasource-list');
    expect(await page.content()).not.toContain('not-shown-again');
  });
});
