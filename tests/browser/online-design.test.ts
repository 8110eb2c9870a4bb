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
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const modal = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: '新增表单' }) });
    await modal.getByPlaceholder('请输入表名').fill('bt_visit');
    await modal.getByPlaceholder('请输入表描述').fill('来访登记');

    const pane = modal.locator('.ant-tabs-tabpane-active');
    await pane.locator('[data-row-id]').nth(5).waitFor();
    for (const [i, [name, text]] of (
      [
        ['visitor', '来访人'],
        ['visit_count', '来访次数'],
      ] as const
    ).entries()) {
      // the grid refuses a second add within 1.5 s (你点击的太快了): wait, and see the new row before typing
      if (i > 0) await page.waitForTimeout(1600);
      const before = await pane.locator('[data-row-id]').count();
      await pane.getByRole('button', { name: /新增$/ }).click();
      await expect.poll(() => pane.locator('[data-row-id]').count()).toBe(before + 1);
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
    await page.waitForTimeout(400);
    await keepScreenshot(page, 'online-design-sync');
    await sync.getByRole('button', { name: '开始同步' }).click();
    await toast('同步数据库成功!');
    await row.getByText('已同步').waitFor();

    const columns = await server.sql<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'bt_visit' order by ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      'id',
      'create_by',
      'create_time',
      'update_by',
      'update_time',
      'sys_org_code',
      'visitor',
      'visit_count',
    ]);
  });

  it('adds a button bound to a registered server action', async () => {
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'bt_visit' });
    await row.getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('自定义按钮').click();
    await page.getByRole('button', { name: '新增按钮' }).click();
    const form = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: /^新增按钮$/ }) });
    await form.getByLabel('按钮编码').fill('copy_rows');
    await form.getByLabel('按钮名称').fill('复制记录');
    await form.getByLabel('服务器动作').click();
    await page.locator('.ant-select-dropdown:visible').getByText('复制所选记录（copyRecord）').click();
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await toast('添加成功！');
    const list = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: '自定义按钮' }) });
    await list.getByText('copy_rows').waitFor();
    await keepScreenshot(page, 'online-design-buttons');
    await list.getByRole('button', { name: /关\s*闭/ }).click();
  });

  it('controls a column and grants it to a role', async () => {
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'bt_visit' });
    await row.getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('授权').click();
    const modal = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: '授权' }) });
    await modal.getByRole('switch', { name: '受控 visitor' }).click();
    await expect.poll(() => modal.getByRole('switch', { name: '受控 visitor' }).getAttribute('aria-checked')).toBe('true');
    await modal.locator('.ant-list-item').first().click();
    const line = modal.locator('.ant-tabs-tabpane-active tr', { hasText: 'visitor' });
    await line.locator('.ant-checkbox-input').check();
    await modal.locator('.ant-tabs-tabpane-active').getByRole('button', { name: '保存角色授权' }).click();
    await toast('授权成功！');
    await keepScreenshot(page, 'online-design-auth');
    const related = await server.sql<{ n: string }>(
      `select count(*) as n from onl_auth_relation r join onl_auth_page p on p.id = r.auth_id where p.code = 'visitor' and p.status = 1`,
    );
    expect(Number(related[0]!.n)).toBe(1);
    await modal.getByRole('button', { name: /关\s*闭/ }).click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('edits the design: a field added to the saved form marks it 未同步 until the next sync', async () => {
    const row = page.locator('tr.ant-table-row').filter({ hasText: 'bt_visit' });
    await row.getByText('编辑').click();
    const modal = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: '编辑表单：bt_visit' }) });
    const pane = modal.locator('.ant-tabs-tabpane-active');
    await pane.locator('[data-row-id]').nth(7).waitFor();
    const before = await pane.locator('[data-row-id]').count();
    await pane.getByRole('button', { name: /新增$/ }).click();
    await expect.poll(() => pane.locator('[data-row-id]').count()).toBe(before + 1);
    const last = pane.locator('[data-row-id]').last();
    await typeInto(last.locator('[role="gridcell"][data-key="dbFieldName"]'), 'visit_date');
    await typeInto(last.locator('[role="gridcell"][data-key="dbFieldTxt"]'), '来访日期');
    await last.locator('[role="gridcell"][data-key="dbType"]').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Date', { exact: true }).click();
    await keepScreenshot(page, 'online-design-edit');
    await modal.getByRole('button', { name: /保\s*存/ }).click();
    await toast('保存成功，请同步数据库');
    await row.getByText('未同步').waitFor();
    await row.getByText('更多').click();
    await page.locator('.ant-dropdown:visible').getByText('同步数据库').click();
    await page.getByRole('button', { name: '开始同步' }).click();
    await toast('同步数据库成功!');
    await row.getByText('已同步').waitFor();
    const columns = await server.sql<{ column_name: string; data_type: string }>(
      `select column_name, data_type from information_schema.columns where table_name = 'bt_visit' and column_name = 'visit_date'`,
    );
    expect(columns).toEqual([{ column_name: 'visit_date', data_type: 'date' }]);
  });

  it('imports an existing business table as a synchronised form', async () => {
    await server.sql('create table bt_legacy (id varchar(32) primary key, title varchar(80), amount numeric(10,2))');
    await page.getByRole('button', { name: '从数据库导入' }).click();
    const modal = page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: '从数据库导入表单' }) });
    const line = modal.locator('tr', { hasText: 'bt_legacy' });
    await line.waitFor();
    expect(await modal.locator('tr', { hasText: 'sys_user' }).count()).toBe(0);
    await line.locator('.ant-checkbox-input').check();
    await keepScreenshot(page, 'online-design-import');
    await modal.getByRole('button', { name: /导\s*入/ }).click();
    await toast('同步成功！');
    await page.locator('tr.ant-table-row').filter({ hasText: 'bt_legacy' }).getByText('已同步').waitFor();
  });
});
