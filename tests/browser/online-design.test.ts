/**
 * 表单开发: the administrator designs a form with two fields in the designer, synchronises it to the database
 * (普通同步) and sees 已同步.
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
    if (page) await keepScreenshot(page, `online-design-failed-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (text: string | RegExp) => page.locator('.ant-message').getByText(text).first().waitFor();

async function typeInto(target: Locator, text: string): Promise<void> {
  await target.click();
  const input = target.locator('input');
  await input.fill(text);
  await input.press('Tab');
}

describe('online form designer', () => {
  it('designs a form with two fields, synchronises it and shows 已同步', async () => {
    await page.goto(`${server.baseUrl}/online/cgform`);
    await page.locator('.ant-table').first().waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    const modal = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: '新增表单' }) });
    await modal.getByPlaceholder('请输入表名').fill('bt_visit');
    await modal.getByPlaceholder('请输入表描述').fill('来访登记');

    const pane = modal.locator('.ant-tabs-tabpane-active');
    await pane.locator('[data-row-id]').nth(5).waitFor();
    for (const [name, text] of [['visitor', '来访人'], ['visit_count', '来访次数']] as const) {
      await pane.getByRole('button', { name: /新增$/ }).click();
      const last = pane.locator('[data-row-id]').last();
      await typeInto(last.locator('[role="gridcell"][data-key="dbFieldName"]'), name);
      await typeInto(last.locator('[role="gridcell"][data-key="dbFieldTxt"]'), text);
    }
    await keepScreenshot(page, 'online-design-fields');
    await modal.getByRole('tab', { name: '页面属性' }).click();
    await modal.locator('.ant-tabs-tabpane-active [role="gridcell"][data-key="fieldShowType"]').first().waitFor();
    await keepScreenshot(page, 'online-design-page-tab');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await toast('添加成功，请同步数据库');

    const row = page.locator('tr.ant-table-row').filter({ hasText: 'bt_visit' });
    await row.getByText('未同步').waitFor();
    await keepScreenshot(page, 'online-design-list');
    await row.getByRole('link', { name: '更多 bt_visit' }).or(row.getByText('更多')).first().click();
    await page.locator('.ant-dropdown:visible').getByText('同步数据库').click();
    const sync = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: '同步数据库' }) });
    await sync.getByText('普通同步（保留表数据）').waitFor();
    await keepScreenshot(page, 'online-design-sync');
    await sync.getByRole('button', { name: '开始同步' }).click();
    await toast('同步数据库成功!');
    await row.getByText('已同步').waitFor();

    const columns = await server.sql<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'bt_visit' order by ordinal_position`);
    expect(columns.map((c) => c.column_name)).toEqual(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'visitor', 'visit_count']);
  });
});
