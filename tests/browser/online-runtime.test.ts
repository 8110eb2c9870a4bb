/**
 * Online form runtime: a one-to-many form designed in the metadata tables (seeded here, as the designer and its
 * 同步数据库 would leave them), opened by a user whose role has its menu: add a record with two sub rows, query it,
 * see it in the table; an address form whose city select follows its province select (联动组件), and the same
 * chain in the grid of a sub table.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
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
  await seedAddressForm(db);
  await db.destroy();
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signIn(page, server, 'staff', DEMO_PASSWORD);
  await chooseTenantAndDepartment(page);
  await page.waitForURL('**/dashboard/analysis');
}, 120_000);

/** 省份 (联动组件 over sys_category, linking 城市): 浙江 → 杭州, 宁波; 江苏 → 南京. */
async function seedAddressForm(db: Kysely<Database>): Promise<void> {
  await sql`insert into sys_category (id, pid, name, code, has_child) values
    ('c_zj', '0', '浙江', 'LD01', '1'), ('c_js', '0', '江苏', 'LD02', '1'),
    ('c_hz', 'c_zj', '杭州', 'LD0101', '0'), ('c_nb', 'c_zj', '宁波', 'LD0102', '0'), ('c_nj', 'c_js', '南京', 'LD0201', '0')`.execute(db);
  await sql
    .raw(
      'create table t_addr (id varchar(36) primary key, create_by varchar(50), create_time timestamp, update_by varchar(50), update_time timestamp, sys_org_code varchar(64), site varchar(50), province varchar(36), city varchar(36))',
    )
    .execute(db);
  await addHead(db, 'f_t_addr', 't_addr', '测试地址');
  const linkDown = { table: 'sys_category', txt: 'name', key: 'id', pidField: 'pid', condition: "pid = '0'", linkField: 'city' };
  await addFields(db, 'f_t_addr', [
    { name: 'site', txt: '地点', required: true },
    { name: 'province', txt: '省份', length: 36, show: 'link_down', dictTable: JSON.stringify(linkDown) },
    { name: 'city', txt: '城市', length: 36 },
  ]);
  await grantMenu(db, 'm_t_addr', '测试地址', '/online/cgformList/f_t_addr', 'r_xypj_staff');

  // a route whose stops (a sub table) each choose a province and a city of it in the grid
  const table = (name: string, columns: string) =>
    sql
      .raw(
        `create table ${name} (id varchar(36) primary key, create_by varchar(50), create_time timestamp, update_by varchar(50), update_time timestamp, sys_org_code varchar(64), ${columns})`,
      )
      .execute(db);
  await table('t_route', 'route_name varchar(50)');
  await table('t_route_stop', 'route_id varchar(36), province varchar(36), city varchar(36)');
  await addHead(db, 'f_t_route', 't_route', '测试线路', { table_type: 2, sub_table_str: 't_route_stop' });
  await addFields(db, 'f_t_route', [{ name: 'route_name', txt: '线路名称', required: true }]);
  await addHead(db, 'f_t_route_stop', 't_route_stop', '途经城市', { table_type: 3, relation_type: 0 });
  await addFields(db, 'f_t_route_stop', [
    { name: 'route_id', txt: '线路', length: 36, mainTable: 't_route', list: false, form: false },
    { name: 'province', txt: '省份', length: 36, show: 'link_down', dictTable: JSON.stringify(linkDown) },
    { name: 'city', txt: '城市', length: 36 },
  ]);
  await grantMenu(db, 'm_t_route', '测试线路', '/online/cgformList/f_t_route', 'r_xypj_staff');
}

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

  it('opens one record with its item rows in the single-record form (/online/df/{table}/{id})', async () => {
    const [order] = await server.sql<{ id: string }>('select id from t_order where order_code = $1', ['WEB-ORDER-1']);
    await page.goto(`${server.baseUrl}/online/df/t_order/${order!.id}`);
    await expect.poll(() => page.getByPlaceholder('请输入订单号').inputValue()).toBe('WEB-ORDER-1');
    await page.getByRole('tab', { name: '订单明细' }).waitFor();
    await expect.poll(() => page.locator('.ant-breadcrumb').textContent()).toBe('首页/测试订单');
    const items = page.locator('.eg [data-row-id] [role="gridcell"][data-key="item_name"]');
    await expect.poll(async () => (await items.allTextContents()).map((t) => t.trim()).sort()).toEqual(['水泥', '钢筋'].sort());
    await keepScreenshot(page, 'online-runtime-df');
  });

  it('offers the cities of the chosen province (联动组件); changing the province clears the city', async () => {
    try {
      await page.goto(`${server.baseUrl}/online/cgformList/f_t_addr`);
      await page.locator('.ant-table').first().waitFor();
      await page
        .getByRole('button', { name: /新\s*增/ })
        .first()
        .click();
      const form = page.locator('.ant-modal-content').last();
      await form.getByPlaceholder('请输入地点').fill('监理站');
      const select = (label: string) => form.locator('.ant-formily-item', { hasText: label }).locator('.ant-select');
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      const choose = async (label: string, option: string) => {
        await select(label).click();
        await options.filter({ hasText: option }).click();
        await expect.poll(() => select(label).textContent()).toContain(option);
      };
      await expect.poll(() => select('城市').getAttribute('class')).toContain('ant-select-disabled');
      await choose('省份', '浙江');
      await select('城市').click();
      await expect.poll(() => options.allTextContents()).toEqual(['杭州', '宁波']);
      await options.filter({ hasText: '宁波' }).click();
      await keepScreenshot(page, 'online-runtime-linked-select');
      await choose('省份', '江苏');
      await expect.poll(() => select('城市').textContent()).toBe('请选择城市');
      await choose('城市', '南京');
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await page.locator('.ant-message').getByText('添加成功！').first().waitFor();
      const row = page.locator('tr.ant-table-row', { hasText: '监理站' });
      await expect.poll(() => row.textContent()).toContain('江苏');
      expect(await row.textContent()).toContain('南京');
      const [saved] = await server.sql<{ province: string; city: string }>('select province, city from t_addr where site = $1', ['监理站']);
      expect(saved).toEqual({ province: 'c_js', city: 'c_nj' });
    } catch (error) {
      await keepScreenshot(page, 'online-runtime-linked-failed');
      throw error;
    }
  });

  it('in a sub-table grid the city column offers the cities of the province chosen in the same row', async () => {
    try {
      await page.goto(`${server.baseUrl}/online/cgformList/f_t_route`);
      await page.locator('.ant-table').first().waitFor();
      await page
        .getByRole('button', { name: /新\s*增/ })
        .first()
        .click();
      const form = page.locator('.ant-modal-content').filter({ has: page.getByPlaceholder('请输入线路名称') });
      await form.getByPlaceholder('请输入线路名称').fill('浙江线');
      const grid = form.locator('.eg');
      await grid.getByRole('button', { name: /新增$/ }).click();
      await expect.poll(() => grid.locator('[data-row-id]').count()).toBe(1);
      const cell = (key: string) => grid.locator('[data-row-id]').first().locator(`[role="gridcell"][data-key="${key}"]`);
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await cell('province').click();
      await expect.poll(() => options.allTextContents()).toEqual(expect.arrayContaining(['浙江', '江苏']));
      await options.filter({ hasText: '浙江' }).click();
      await expect.poll(() => cell('province').textContent()).toContain('浙江');
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
      await cell('city').click();
      await expect.poll(() => options.allTextContents()).toEqual(['杭州', '宁波']);
      await options.filter({ hasText: '宁波' }).click();
      await expect.poll(() => cell('city').textContent()).toContain('宁波');
      await keepScreenshot(page, 'online-runtime-grid-linked');
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await page.locator('.ant-message').getByText('添加成功！').first().waitFor();
      const saved = await server.sql<{ province: string; city: string }>(
        'select s.province, s.city from t_route_stop s join t_route r on r.id = s.route_id where r.route_name = $1',
        ['浙江线'],
      );
      expect(saved).toEqual([{ province: 'c_zj', city: 'c_nb' }]);
    } catch (error) {
      await keepScreenshot(page, 'online-runtime-grid-linked-failed');
      throw error;
    }
  });

  it('says the form is not synchronised yet instead of showing an empty list', async () => {
    await page.goto(`${server.baseUrl}/online/cgformList/f_unsynced`);
    await page.getByText('表单尚未同步数据库').waitFor();
    await keepScreenshot(page, 'online-runtime-nosync');
  });
});
