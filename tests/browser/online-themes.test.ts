/**
 * Online form themes: the one-to-many order form (seeded as the designer and its 同步数据库 would leave it) shown as
 * an ERP page (a clicked order's items below the list), an inner-table page (an order row expands to its items)
 * and a tab page (the add form's main fields in the first tab, the items in the next).
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { FORMS, seedOnlineForms } from '../server/support/online-forms';
import {
  DEMO_PASSWORD,
  keepScreenshot,
  launchBrowser,
  newPage,
  signIn,
  startServer,
  type RunningServer,
  chooseTenantAndDepartment,
} from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;
let version = 10;

/** Sets the order form's theme as the designer would (a new table_version), then opens its list. */
async function openWithTheme(theme: string): Promise<void> {
  await server.sql('update onl_cgform_head set theme_template = $1, table_version = $2 where id = $3', [theme, ++version, FORMS.order]);
  await page.goto(`${server.baseUrl}/online/cgformList/${FORMS.order}`);
  await page.locator('tr.ant-table-row', { hasText: 'THEME-2' }).waitFor();
}

beforeAll(async () => {
  server = await startServer();
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await seedOnlineForms(db, 'r_xypj_staff');
  await db.destroy();
  const now = new Date();
  for (const [id, code, items] of [
    ['o_theme_1', 'THEME-1', ['钢筋', '水泥']],
    ['o_theme_2', 'THEME-2', ['玻璃']],
  ] as const) {
    await server.sql('insert into t_order (id, order_code, create_by, create_time) values ($1, $2, $3, $4)', [id, code, 'staff', now]);
    for (const [i, name] of items.entries()) {
      await server.sql('insert into t_order_item (id, order_id, item_name, qty, create_time) values ($1, $2, $3, $4, $5)', [
        `${id}_${i}`,
        id,
        name,
        i + 1,
        now,
      ]);
    }
  }
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signIn(page, server, 'staff', DEMO_PASSWORD);
  await chooseTenantAndDepartment(page);
  await page.waitForURL('**/dashboard/analysis');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('online form themes', () => {
  it('erp: clicking an order shows its items in a tab below the list', async () => {
    try {
      await openWithTheme('erp');
      await page.getByText('点击一行主表数据查看其子表数据').waitFor();
      await page.locator('tr.ant-table-row', { hasText: 'THEME-1' }).locator('td', { hasText: 'THEME-1' }).click();
      const below = page.locator('.ant-tabs').filter({ has: page.getByRole('tab', { name: '订单明细' }) });
      await below.getByText('水泥').waitFor();
      await expect.poll(() => below.locator('tr.ant-table-row').count()).toBe(2);
      await expect.poll(() => below.locator('.ant-spin-blur').count()).toBe(0);
      await page.waitForTimeout(400); // the spinner's fade-out
      await keepScreenshot(page, 'online-theme-erp');
      await page.locator('tr.ant-table-row', { hasText: 'THEME-2' }).locator('td', { hasText: 'THEME-2' }).click();
      await below.getByText('玻璃').waitFor();
      await expect.poll(() => below.locator('tr.ant-table-row').count()).toBe(1);
    } catch (error) {
      await keepScreenshot(page, 'online-theme-erp-failed');
      throw error;
    }
  });

  it('innerTable: an order row expands to its items', async () => {
    try {
      await openWithTheme('innerTable');
      const row = page.locator('tr.ant-table-row', { hasText: 'THEME-1' });
      await row.locator('.ant-table-row-expand-icon').click();
      const inner = page.locator('tr.ant-table-expanded-row');
      await inner.getByText('钢筋').waitFor();
      await inner.getByText('水泥').waitFor();
      await expect.poll(() => inner.locator('.ant-spin-blur').count()).toBe(0);
      await page.waitForTimeout(400); // the spinner's fade-out
      await keepScreenshot(page, 'online-theme-inner-table');
    } catch (error) {
      await keepScreenshot(page, 'online-theme-inner-table-failed');
      throw error;
    }
  });

  it('tab: the edit form shows the main fields in the first tab and the items in the next', async () => {
    try {
      await openWithTheme('tab');
      await page.locator('tr.ant-table-row', { hasText: 'THEME-1' }).getByText('编辑').click();
      const form = page.locator('.ant-modal-content').last();
      await expect.poll(() => form.getByPlaceholder('请输入订单号').inputValue()).toBe('THEME-1');
      await expect.poll(() => form.getByRole('tab').allTextContents()).toEqual(['测试订单', '订单明细']);
      await page.waitForTimeout(400); // the modal's opening animation
      await keepScreenshot(page, 'online-theme-tab-main');
      await form.getByRole('tab', { name: '订单明细' }).click();
      await expect.poll(() => form.getByRole('tab', { name: '订单明细' }).getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => form.locator('.eg [data-row-id]').count()).toBe(2);
      await page.waitForTimeout(400); // the tab's ink bar
      await keepScreenshot(page, 'online-theme-tab-items');
    } catch (error) {
      await keepScreenshot(page, 'online-theme-tab-failed');
      throw error;
    }
  });
});
