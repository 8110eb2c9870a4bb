/**
 * Online form runtime: a one-to-many form designed in the metadata tables (seeded here, as the designer and its
 * 同步数据库 would leave them), opened by a user whose role has its menu: add a record with two sub rows, query it,
 * see it in the table.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { addFields, addHead, FORMS, grantMenu, seedOnlineForms } from '../server/support/online-forms';
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

beforeAll(async () => {
  server = await startServer();
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await seedOnlineForms(db, 'r_xypj_staff');
  await addHead(db, 'f_unsynced', 't_unsynced', '未同步表单', { is_db_synch: 'N' });
  await addFields(db, 'f_unsynced', [{ name: 'title', txt: '标题' }]);
  await grantMenu(db, 'm_unsynced', '未同步表单', '/online/cgformList/f_unsynced', 'r_xypj_staff');
  await db.destroy();
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

describe('online form runtime', () => {
  it('adds an order with two item rows through the form, finds it by query and sees it in the table', async () => {
    try {
      await page.goto(`${server.baseUrl}/online/cgformList/${FORMS.order}`);
      await page.locator('.ant-table').first().waitFor();
      await keepScreenshot(page, 'online-runtime-list');
      await page
        .getByRole('button', { name: /新\s*增/ })
        .first()
        .click();
      const form = page.locator('.ant-modal-content').last();
      await form.getByPlaceholder('请输入订单号').fill('WEB-ORDER-1');
      const grid = form.locator('.eg');
      for (const [i, name] of ['钢筋', '水泥'].entries()) {
        // the grid refuses a second add within 1.5 s (你点击的太快了)
        if (i > 0) await page.waitForTimeout(1600);
        await grid.getByRole('button', { name: /新增$/ }).click();
        await expect.poll(() => grid.locator('[data-row-id]').count()).toBe(i + 1);
        const cell = grid.locator('[data-row-id]').nth(i).locator('[role="gridcell"][data-key="item_name"]');
        await cell.click();
        await cell.locator('input').fill(name);
        await cell.locator('input').press('Enter');
      }
      await keepScreenshot(page, 'online-runtime-form');
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await page.locator('.ant-message').getByText('添加成功！').first().waitFor();

      await page.getByPlaceholder('请输入订单号').first().fill('WEB-ORDER');
      await page
        .getByRole('button', { name: /查\s*询/ })
        .first()
        .click();
      const row = page.locator('tr.ant-table-row', { hasText: 'WEB-ORDER-1' });
      await row.waitFor();
      expect(await page.locator('tr.ant-table-row').count()).toBe(1);
      await keepScreenshot(page, 'online-runtime-queried');

      const res = await server.sql<{ item_name: string }>(
        'select i.item_name from t_order_item i join t_order o on o.id = i.order_id where o.order_code = $1 order by i.item_name',
        ['WEB-ORDER-1'],
      );
      expect(res.map((r) => r.item_name).sort()).toEqual(['水泥', '钢筋'].sort());
    } catch (error) {
      await keepScreenshot(page, 'online-runtime-failed');
      throw error;
    }
  });

  it('opens one record in the single-record form (/online/df/{table}/{id})', async () => {
    const [order] = await server.sql<{ id: string }>('select id from t_order where order_code = $1', ['WEB-ORDER-1']);
    await page.goto(`${server.baseUrl}/online/df/t_order/${order!.id}`);
    await expect.poll(() => page.getByPlaceholder('请输入订单号').inputValue()).toBe('WEB-ORDER-1');
    await keepScreenshot(page, 'online-runtime-df');
  });

  it('says the form is not synchronised yet instead of showing an empty list', async () => {
    await page.goto(`${server.baseUrl}/online/cgformList/f_unsynced`);
    await page.getByText('表单尚未同步数据库').waitFor();
    await keepScreenshot(page, 'online-runtime-nosync');
  });
});
