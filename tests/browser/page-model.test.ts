/**
 * Page model: actions reach their list through the list context, never the DOM. 添加下级 shows the new
 * child at once (分类字典 and 菜单管理, whose lists have no query bar), editing a child keeps its branch
 * open, and toolbar actions see the selection of the virtual table (page size 200 on 用户管理).
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
}, 90_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    if (page) await keepScreenshot(page, `page-model-failed-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api(method: string, path: string, body?: object): Promise<{ success: boolean; message: string; result: unknown }> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}') as { value?: string }).value ?? '',
  );
  const res = await fetch(`${server.apiUrl}${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { success: boolean; message: string; result: unknown };
}

async function open(path: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('.ant-table').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** Marks the document; `stillSameDocument` fails after a page reload. */
async function markDocument(): Promise<number> {
  return page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = Date.now()));
}
const documentMark = () => page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload);

const row = (text: string | RegExp): Locator => page.locator('tr.ant-table-row').filter({ has: page.getByText(text, { exact: true }) });
const toast = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor();
const visibleDialog = () =>
  page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-content, .ant-drawer-open .ant-drawer-content').last();
const okButton = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });

describe('添加下级 shows the new child at once; editing a child keeps the tree open', () => {
  it('分类字典', async () => {
    expect((await api('POST', '/sys/category/add', { pid: '0', name: '测试工程类别' })).success).toBe(true);
    await open('/isystem/category');
    const mark = await markDocument();

    await row('测试工程类别').getByText('添加下级').click();
    const form = visibleDialog();
    await form.getByPlaceholder('请输入分类名称').fill('测试房屋建筑');
    await okButton(form).click();
    await toast('添加成功！');
    await row('测试房屋建筑').waitFor();
    await keepScreenshot(page, 'page-model-category-child');

    await row('测试房屋建筑').getByText('编辑', { exact: true }).click();
    const edit = visibleDialog();
    await expect.poll(() => edit.getByPlaceholder('请输入分类名称').inputValue()).toBe('测试房屋建筑');
    await edit.getByPlaceholder('请输入分类名称').fill('测试房屋建筑工程');
    await okButton(edit).click();
    await toast('编辑成功!');
    await row('测试房屋建筑工程').waitFor();
    await row('测试工程类别').waitFor();
    expect(await documentMark()).toBe(mark);
  }, 120_000);

  it('菜单管理', async () => {
    await open('/isystem/permission');
    const mark = await markDocument();

    await row('系统管理').getByText('更多').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '添加下级' }).click();
    const form = visibleDialog();
    await form.getByPlaceholder('请输入', { exact: true }).fill('测试下级菜单');
    await form.getByPlaceholder('请输入菜单路径').fill('/isystem/pageModelChild');
    await form.getByPlaceholder('请输入前端组件').fill('system/PageModelChild');
    await keepScreenshot(page, 'page-model-menu-child-form');
    await okButton(form).click();
    await toast('添加成功！');
    await row('测试下级菜单').waitFor();
    await row('用户管理').waitFor();
    await keepScreenshot(page, 'page-model-menu-child');

    await row('测试下级菜单').getByText('编辑', { exact: true }).click();
    const edit = visibleDialog();
    await expect.poll(() => edit.getByPlaceholder('请输入', { exact: true }).inputValue()).toBe('测试下级菜单');
    await edit.getByPlaceholder('请输入', { exact: true }).fill('测试下级菜单改');
    await okButton(edit).click();
    await toast('编辑成功!');
    await row('测试下级菜单改').waitFor();
    await row('用户管理').waitFor();
    expect(await documentMark()).toBe(mark);
  }, 120_000);
});

describe('toolbar actions see the selection of the virtual table', () => {
  it('用户管理 at page size 200: batch 冻结 sends the selected user and shows the result', async () => {
    const added = await api('POST', '/sys/user/add', {
      username: 'pm_frozen',
      realname: '批量冻结测试',
      password: 'Frozen#2026pass',
      workNo: 'PM0001',
      phone: '13966665555',
    });
    expect(added.success, added.message).toBe(true);
    await open('/isystem/user');
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '200 条/页' }).click();
    const target = page.locator('.renderer-vtable [data-row-key]').filter({ hasText: 'pm_frozen' });
    await target.waitFor();
    await target.getByLabel('选择').check();
    await page.locator('.renderer-selection', { hasText: '已选择 1 项' }).waitFor();

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/sys/user/frozenBatch') && r.method() === 'PUT'),
      (async () => {
        await page
          .getByRole('button', { name: /冻\s*结/ })
          .first()
          .click();
        await okButton(page.locator('.ant-modal-confirm', { hasText: '确认操作' })).click();
      })(),
    ]);
    const userId = await target.getAttribute('data-row-key');
    expect(request.postDataJSON()).toEqual({ ids: userId, status: '2' });
    await toast('操作成功!');
    // the reloaded row is frozen: its row action is now 解冻
    await target.getByText('解冻', { exact: true }).waitFor();
    await keepScreenshot(page, 'page-model-user-frozen');
    const listed = (await api('GET', '/sys/user/list?username=pm_frozen')).result as { records: Array<{ status: number }> };
    expect(listed.records[0]?.status).toBe(2);
  }, 120_000);
});
