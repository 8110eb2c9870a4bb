/**
 * Issue 3 proof: a screen added at test time (entity file + page schema + menu row, no client
 * rebuild) works end to end through the generic list page.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';
import {
  GADGET_BUTTONS,
  GADGET_CATEGORIES,
  GADGET_DICT,
  GADGET_MENU,
  GADGET_NAV_MENU,
  writeGadgetFixture,
} from './fixtures/schema-page/gadget';
import { apiAs, columnTexts, confirmDialog, formItem, menuItem, modal, pick, rowOf, tableRows, toast } from './fixtures/schema-page/ui';

const STEP = 120_000;
/** antd spaces two-character labels (查 询); an icon adds its name in front (search 查询). */
const QUERY = /(^|\s)查\s*询$/;
const RESET = /(^|\s)重\s*置$/;
let server: RunningServer;
let browser: Browser;
let page: Page;
let fixtureRoot = '';

beforeAll(async () => {
  const { entityDir, pageDir } = writeGadgetFixture();
  fixtureRoot = path.dirname(entityDir);
  server = await startServer({ env: { ENTITY_DIRS: entityDir, PAGE_SCHEMA_DIRS: pageDir } });
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  page.setDefaultTimeout(30_000);
  await signIn(page, server, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard/analysis');

  // What an administrator does in 字典管理 and 菜单管理 (through the same API).
  const api = await apiAs(page, server);
  expect((await api('POST', '/sys/dict/add', { dictName: '测试器具类别', dictCode: GADGET_DICT, type: '0' })).success).toBe(true);
  const [dict] = await server.sql<{ id: string }>('SELECT id FROM sys_dict WHERE dict_code = $1', [GADGET_DICT]);
  for (const [i, [itemValue, itemText]] of GADGET_CATEGORIES.entries()) {
    const res = await api('POST', '/sys/dictItem/add', { dictId: dict.id, itemValue, itemText, sortOrder: String(i + 1), status: '1' });
    expect(res.success, res.message).toBe(true);
  }
  const menu = await api('POST', '/sys/permission/add', { ...GADGET_MENU, parentId: 'm_system' });
  expect(menu.success, menu.message).toBe(true);
  const [row] = await server.sql<{ id: string }>('SELECT id FROM sys_permission WHERE url = $1', [GADGET_MENU.url]);
  for (const button of GADGET_BUTTONS) {
    const res = await api('POST', '/sys/permission/add', { ...button, parentId: row.id });
    expect(res.success, res.message).toBe(true);
  }
  expect((await api('POST', '/sys/permission/add', { ...GADGET_NAV_MENU, parentId: 'm_system' })).success).toBe(true);
  await page.reload();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (fixtureRoot) rmSync(fixtureRoot, { recursive: true, force: true });
});

/** Runs one step; on failure keeps a screenshot named after it. */
function step(name: string, fn: () => Promise<void>) {
  return it(
    name,
    async () => {
      try {
        await fn();
      } catch (error) {
        await keepScreenshot(page, `schema-page-${name.slice(0, 40)}`);
        throw error;
      }
    },
    STEP,
  );
}

const pagination = () => page.locator('.ant-pagination-total-text');
const expectNames = (names: string[]) => expect.poll(() => columnTexts(page, '器具名称'), { timeout: 30_000 }).toEqual(names);

async function addGadget(values: { name: string; code: string; category: string; price: string; date: string; enabled: boolean }) {
  await page.getByRole('button', { name: '新增' }).click();
  const form = modal(page, '新增');
  await form.waitFor();
  await formItem(form, '器具名称').locator('input').fill(values.name);
  await formItem(form, '器具编码').locator('input').fill(values.code);
  await pick(page, formItem(form, '类别').locator('.ant-select'), values.category);
  await formItem(form, '价格').locator('input').fill(values.price);
  const date = formItem(form, '发布日期').locator('input');
  await date.click();
  await date.fill(values.date);
  await date.press('Enter');
  if (values.enabled) await formItem(form, '是否启用').locator('.ant-switch').click();
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await form.waitFor({ state: 'detached' });
  await rowOf(page, values.name).waitFor();
}

describe('a schema page added at test time (entity + page + menu row)', () => {
  step('opens from the menu the administrator added', async () => {
    await page.locator('.ant-menu-submenu-title', { hasText: '系统管理' }).click();
    await page.locator('.ant-menu-item', { hasText: '测试器具' }).click();
    await page.waitForURL('**/fixture/gadget');
    await page.locator('.ant-table-thead th', { hasText: '器具名称' }).waitFor();
    expect(await page.locator('.ant-table-thead th').allTextContents()).toEqual(
      expect.arrayContaining(['器具名称', '器具编码', '类别', '价格', '发布日期', '是否启用', '操作']),
    );
    for (const name of ['新增', '导入', '导出', '高级查询', '批量操作']) await page.getByRole('button', { name }).waitFor();
  });

  step('add: a missing required field is named; three records are saved', async () => {
    await page.getByRole('button', { name: '新增' }).click();
    const form = modal(page, '新增');
    await form.waitFor();
    await formItem(form, '器具编码').locator('input').fill('X-000');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await formItem(form, '器具名称').getByText('该字段是必填字段').waitFor();
    await keepScreenshot(page, 'schema-page-add-modal');
    await form.getByRole('button', { name: /取\s*消/ }).click();
    await form.waitFor({ state: 'detached' });

    await addGadget({ name: '扳手', code: 'W-001', category: '工具', price: '12.5', date: '2024-01-02', enabled: true });
    await addGadget({ name: '积木', code: 'T-002', category: '玩具', price: '88', date: '2024-03-04', enabled: false });
    await addGadget({ name: '卡尺', code: 'D-003', category: '仪器', price: '230', date: '2023-12-31', enabled: true });
  });

  step('the list shows dictionary texts, dates, Y/N and the pagination texts', async () => {
    await expectNames(['卡尺', '积木', '扳手']);
    expect(await columnTexts(page, '类别')).toEqual(['仪器', '玩具', '工具']);
    expect(await columnTexts(page, '发布日期')).toEqual(['2023-12-31', '2024-03-04', '2024-01-02']);
    expect(await columnTexts(page, '是否启用')).toEqual(['是', '否', '是']);
    await expect.poll(() => pagination().textContent()).toBe('1-3 共 3 条');
    await page.locator('.ant-pagination-options').getByText('10 条/页').waitFor();
    await keepScreenshot(page, 'schema-page-list');
  });

  step('query by name, then reset', async () => {
    await page.getByPlaceholder('请输入器具名称').fill('尺');
    await page.getByRole('button', { name: QUERY }).click();
    await expectNames(['卡尺']);
    await page.getByRole('button', { name: RESET }).click();
    await expectNames(['卡尺', '积木', '扳手']);
  });

  step('advanced query: empty, one condition, and/or with two, save and reload a saved query', async () => {
    await page.getByRole('button', { name: '高级查询' }).click();
    const builder = modal(page, '高级查询构造器');
    await builder.waitFor();
    await builder.getByRole('button', { name: QUERY }).click();
    await toast(page, '不能查询空条件').waitFor();

    // the builder opens with one empty row, as JeecgBoot's does
    const rows = builder.locator('.super-query-row');
    await expect.poll(() => rows.count()).toBe(1);
    await pick(page, rows.nth(0).locator('.ant-select').nth(0), '类别');
    await pick(page, rows.nth(0).locator('.ant-select').nth(1), '等于');
    await pick(page, rows.nth(0).locator('.ant-select').nth(2), '玩具');
    await builder.getByRole('button', { name: QUERY }).click();
    await expectNames(['积木']);
    await page.locator('button[data-active="true"]', { hasText: '高级查询' }).waitFor();

    await rows.nth(0).getByRole('button', { name: '添加条件' }).click();
    await pick(page, rows.nth(1).locator('.ant-select').nth(0), '器具名称');
    await pick(page, rows.nth(1).locator('.ant-select').nth(1), '包含');
    await rows.nth(1).locator('input:not([role="combobox"])').fill('尺');
    await builder.getByRole('button', { name: QUERY }).click();
    await expect.poll(() => tableRows(page).count()).toBe(0);
    await pick(page, builder.locator('.ant-select').first(), 'OR（条件中的任意一个匹配）');
    await builder.getByRole('button', { name: QUERY }).click();
    await expectNames(['卡尺', '积木']);

    await builder.getByRole('button', { name: '保存查询条件' }).click();
    const naming = modal(page, '请输入保存的名称');
    await naming.getByPlaceholder('请输入保存的名称').fill('玩具或尺');
    await naming.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '保存成功').waitFor();
    await builder.locator('.super-query-saved', { hasText: '玩具或尺' }).waitFor();
    await builder.getByRole('button', { name: RESET }).click();
    await builder.getByRole('button', { name: /关\s*闭/ }).click();
    await expectNames(['卡尺', '积木', '扳手']);

    await page.reload();
    await rowOf(page, '扳手').waitFor();
    await page.getByRole('button', { name: '高级查询' }).click();
    await builder.waitFor();
    await builder.locator('.super-query-saved', { hasText: '玩具或尺' }).getByText('玩具或尺').click();
    await expect.poll(() => rows.count()).toBe(2);
    await builder.getByRole('button', { name: QUERY }).click();
    await expectNames(['卡尺', '积木']);
    await builder.getByRole('button', { name: RESET }).click();
    await builder.getByRole('button', { name: /关\s*闭/ }).click();
    await expectNames(['卡尺', '积木', '扳手']);
  });

  step('sort by a column, ascending then descending', async () => {
    const header = page.locator('.ant-table-thead th', { hasText: '价格' });
    await header.click();
    await expectNames(['扳手', '积木', '卡尺']);
    await header.click();
    await expectNames(['卡尺', '积木', '扳手']);
  });

  step('edit a record', async () => {
    await rowOf(page, '积木').getByText('编辑').click();
    const form = modal(page, '编辑');
    await form.waitFor();
    await expect.poll(() => formItem(form, '器具名称').locator('input').inputValue()).toBe('积木');
    await formItem(form, '器具名称').locator('input').fill('积木套装');
    await formItem(form, '价格').locator('input').fill('99.9');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.waitFor({ state: 'detached' });
    await rowOf(page, '积木套装').getByText('99.9').waitFor();
  });

  step('details open read-pretty', async () => {
    await rowOf(page, '积木套装').getByText('更多').click();
    await menuItem(page, '详情').click();
    const details = modal(page, '详情');
    await details.waitFor();
    await details.getByText('玩具').waitFor();
    await details.getByText('2024-03-04').waitFor();
    expect(await details.locator('input').count()).toBe(0);
    await keepScreenshot(page, 'schema-page-details');
    await details.getByRole('button', { name: /关\s*闭/ }).click();
    await details.waitFor({ state: 'detached' });
  });

  step('delete one after confirmation', async () => {
    await rowOf(page, '扳手').getByText('更多').click();
    await menuItem(page, '删除').click();
    await confirmDialog(page, '确定删除吗?');
    await expectNames(['卡尺', '积木套装']);
    await expect.poll(() => pagination().textContent()).toBe('1-2 共 2 条');
  });

  step('export downloads a workbook with the rows and dictionary texts', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx?$/);
    const file = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const cells = book.worksheets[0].getSheetValues().flatMap((r) => (Array.isArray(r) ? r.map((c) => String(c ?? '')) : []));
    for (const text of ['器具名称', '卡尺', '积木套装', '仪器', '玩具', 'D-003']) expect(cells).toContain(text);
    expect(cells).not.toContain('扳手');
  });

  step('import: rows appear; a bad row gives the 201 warning', async () => {
    const upload = async (name: string, rows: Array<[string, string, string, number | null, string?]>) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Sheet1');
      sheet.addRow(['器具名称', '器具编码', '类别', '价格', '负责角色']);
      for (const r of rows) sheet.addRow(r);
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      const dialog = modal(page, '导入EXCEL');
      // the last upload's dialog may still be closing, and its 选择导入文件 button also reads 导入
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: '导入' }).click();
      await dialog.waitFor();
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
      await dialog.getByText(name).waitFor();
      await dialog.getByRole('button', { name: '开始上传' }).click();
    };
    // 负责角色 is given by the role's name; the server stores its code and lists the name from the table dictionary
    await upload('器具.xlsx', [
      ['螺丝刀', 'W-010', '工具', 5],
      ['望远镜', 'D-011', '仪器', 560, '评审专家'],
    ]);
    await toast(page, '共2行数据全部导入成功！').waitFor();
    await expectNames(expect.arrayContaining(['螺丝刀', '望远镜', '卡尺', '积木套装']) as unknown as string[]);
    await expect.poll(() => pagination().textContent()).toBe('1-4 共 4 条');
    await rowOf(page, '望远镜').getByText('评审专家').waitFor();
    const [stored] = await server.sql<{ owner_role: string }>('SELECT owner_role FROM test_gadget WHERE code = $1', ['D-011']);
    expect(stored.owner_role).toBe('xypj_expert');

    await upload('有错误.xlsx', [
      ['陀螺', 'T-012', '玩具', 3],
      ['无类别', 'X-013', '不存在的类别', 1],
    ]);
    const warning = page.locator('.ant-modal-confirm', { hasText: '导入成功,但是有错误数据!' });
    await warning.waitFor();
    await warning.getByText('总上传行数：2，已导入行数：1，错误行数：1').waitFor();
    // the report needs the token header: it comes through the app's HTTP client as a blob
    const [report] = await Promise.all([page.waitForEvent('download'), warning.getByText('点击下载').click()]);
    expect(report.suggestedFilename()).toMatch(/^测试器具导入错误信息\d{14}\.txt$/);
    // the server starts the text with a BOM so Windows editors read it as UTF-8
    expect(readFileSync(await report.path(), 'utf8').replace(/^\uFEFF/, '')).toBe('第3行：类别的值不在字典中');
    await keepScreenshot(page, 'schema-page-import-warning');
    await warning.getByRole('button', { name: /确\s*定|知道了|OK/ }).click();
    await rowOf(page, '陀螺').waitFor();
    expect(await rowOf(page, '无类别').count()).toBe(0);
  });

  step('batch delete: nothing selected, then two rows after confirmation', async () => {
    await page.getByRole('button', { name: '批量操作' }).click();
    await menuItem(page, '删除').click();
    await toast(page, '请选择一条记录！').waitFor();
    await rowOf(page, '陀螺').locator('.ant-checkbox-input').check();
    await rowOf(page, '螺丝刀').locator('.ant-checkbox-input').check();
    await page.locator('.renderer-selection').getByText('2').waitFor();
    await page.getByRole('button', { name: '批量操作' }).click();
    await menuItem(page, '删除').click();
    // the confirmation is a static antd call: it still wears the theme colour (#2f54eb)
    const ok = page.locator('.ant-modal-confirm', { hasText: '确定要删除这 2 项吗?' }).locator('.ant-btn-primary');
    expect(await ok.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(47, 84, 235)');
    await confirmDialog(page, '确定要删除这 2 项吗?');
    await expect.poll(() => pagination().textContent()).toBe('1-3 共 3 条');
    expect(await rowOf(page, '陀螺').count()).toBe(0);
    expect(await rowOf(page, '螺丝刀').count()).toBe(0);
  });

  step('export by navigation: a signed address, no token in it, the same workbook', async () => {
    await page.locator('.ant-menu-item', { hasText: '器具导航导出' }).click();
    await page.waitForURL('**/fixture/gadget-nav');
    await rowOf(page, '卡尺').waitFor();
    await page.getByPlaceholder('请输入器具名称').fill('尺');
    await page.getByRole('button', { name: QUERY }).click();
    await expectNames(['卡尺']);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value as string);
    const exportRequest = page.waitForRequest((r) => r.url().includes('/test/gadget/exportXls?'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()]);
    const request = await exportRequest;
    expect(request.isNavigationRequest()).toBe(true);
    expect(request.url()).toMatch(/paramsStr=.*&sig=/);
    expect(request.url()).not.toContain(token);
    expect(await request.headerValue('x-access-token')).toBeNull();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const cells = book.worksheets[0].getSheetValues().flatMap((r) => (Array.isArray(r) ? r.map((c) => String(c ?? '')) : []));
    expect(cells).toEqual(expect.arrayContaining(['器具名称', '卡尺', '仪器', 'D-003']));
    expect(cells).not.toContain('积木套装');
    await expect.poll(() => page.url()).toContain('/fixture/gadget-nav');
  });
});
