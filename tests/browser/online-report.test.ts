/**
 * Online报表配置: admin designs a report with one parameter and a totals column, opens it (功能测试),
 * filters it by the parameter and exports it.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
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
    if (page) await keepScreenshot(page, `online-report-failed-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const REPORT_SQL =
  "select depart_name, org_code, depart_order from sys_depart where del_flag = '0' and (${prefix} = '' or depart_name like ${prefix} || '%')";

describe('online reports', () => {
  it('admin designs a report with a parameter and a totals column, opens, filters and exports it', async () => {
    await page.goto(`${server.baseUrl}/online/cgreport`);
    await page.locator('.ant-table').first().waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.locator('.report-design-modal');
    await dialog.getByPlaceholder('如 depart_report').fill('dept_stats');
    await dialog.getByPlaceholder('报表名称').fill('部门统计');
    await dialog.locator('.report-sql-editor .cm-content').click();
    await page.keyboard.insertText(REPORT_SQL);
    await dialog.getByRole('button', { name: '解析SQL' }).click();
    const fieldRow = (name: string) => dialog.locator('.report-fields tr.ant-table-row').filter({ hasText: name });
    await fieldRow('depart_order').waitFor();
    expect(await dialog.locator('.report-fields tr.ant-table-row').count()).toBe(3);
    await fieldRow('depart_name').getByLabel('字段名称').fill('部门名称');
    await fieldRow('depart_order').getByLabel('字段名称').fill('排序号');
    await fieldRow('depart_order').getByLabel('合计').check();
    await fieldRow('depart_order').getByLabel('排序').check();
    await keepScreenshot(page, 'online-report-design-fields');
    await dialog.getByRole('tab', { name: '报表参数' }).click();
    await dialog.locator('.report-params').getByLabel('参数名称').fill('名称前缀');
    await keepScreenshot(page, 'online-report-design-params');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('添加成功').first().waitFor();

    const listRow = page.locator('tr.ant-table-row').filter({ hasText: 'dept_stats' });
    await listRow.waitFor();
    await keepScreenshot(page, 'online-report-list');
    await listRow.getByText('功能测试', { exact: true }).click();
    await page.waitForURL('**/online/cgreport/*');
    await page.locator('.ant-card-head-title', { hasText: '部门统计' }).waitFor();
    // opened from the designer, not a menu: the breadcrumb and the window title name the report
    await expect.poll(() => page.locator('.ant-breadcrumb').textContent()).toBe('首页/部门统计');
    expect(await page.title()).toMatch(/^部门统计 · /);

    const departs = await server.sql<{ depart_name: string; depart_order: number | null }>(
      "select depart_name, depart_order from sys_depart where del_flag = '0'",
    );
    const sum = (list: typeof departs) => list.reduce((s, d) => s + Number(d.depart_order ?? 0), 0);
    const totals = page.locator('.report-totals');
    await expect.poll(() => totals.textContent()).toContain(String(sum(departs)));
    await expect.poll(() => page.locator('.ant-pagination-total-text').textContent()).toBe(`共 ${departs.length} 条`);
    await page.waitForLoadState('networkidle');
    await keepScreenshot(page, 'online-report-run');

    const prefix = departs[0].depart_name.slice(0, 2);
    const matching = departs.filter((d) => d.depart_name.startsWith(prefix));
    await page.getByPlaceholder('请输入名称前缀').fill(prefix);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.ant-pagination-total-text').textContent()).toBe(`共 ${matching.length} 条`);
    await expect.poll(() => totals.textContent()).toContain(String(sum(matching)));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toBe('部门统计.xlsx');
    const file = path.join(tmpdir(), `online-report-${Date.now()}.xlsx`);
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['部门名称', 'org_code', '排序号']);
    expect(rows).toHaveLength(matching.length + 2);
    expect(rows.at(-1)![2]).toBe(sum(matching));
  });

  it('admin adds a bar chart to the report and sees it under the table', async () => {
    await page.goto(`${server.baseUrl}/online/cgreport`);
    const listRow = page.locator('tr.ant-table-row').filter({ hasText: 'dept_stats' });
    await listRow.getByText('编辑', { exact: true }).click();
    const dialog = page.locator('.report-design-modal');
    await dialog.locator('.report-fields tr.ant-table-row').filter({ hasText: 'depart_order' }).waitFor();
    await dialog.getByRole('tab', { name: '图表' }).click();
    const pick = async (label: string, option: string) => {
      await dialog.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) }).click();
      await page.locator('.ant-select-dropdown:visible').last().getByTitle(option, { exact: true }).click();
      await page
        .locator('.ant-select-dropdown:visible')
        .last()
        .waitFor({ state: 'hidden', timeout: 1500 })
        .catch(() => undefined); // a multiple select stays open
    };
    await pick('图表类型', '柱状图');
    await pick('分类字段', '部门名称（depart_name）');
    await pick('数值字段', '排序号（depart_order）');
    await page.keyboard.press('Escape');
    await keepScreenshot(page, 'online-report-design-chart');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message').getByText('编辑成功').first().waitFor();
    await listRow.getByText('功能测试', { exact: true }).click();
    await page.locator('.report-chart .recharts-bar-rectangle').first().waitFor();
    expect(await page.locator('.report-chart .recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await keepScreenshot(page, 'online-report-chart');
  });
});
