/**
 * 系统管理 extras: 通讯录 (department tree with its search, people of the picked department, 姓名/工号 query);
 * 网关路由 (a route with broken JSON refused with a clear message, then saved);
 * 文件管理 (upload, preview, download, a referenced file's delete naming where it is used);
 * 首页配置 (the admin role's home set to 通讯录, then the next sign-in lands there).
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

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
    if (page) await keepScreenshot(page, `system-more-failed-${ctx.task.name.slice(0, 30)}`);
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
const names = async (): Promise<string[]> => (await rows().locator('td:nth-child(2)').allTextContents()).map((s) => s.trim());

describe('system-more', () => {
  it('通讯录 lists people by department, searches departments and queries by 工号', async () => {
    await open('/isystem/addressList');
    const head = await page.locator('.ant-table-thead').first().textContent();
    for (const title of ['姓名', '工号', '部门', '职务', '手机', '公司邮箱']) expect(head).toContain(title);
    await expect.poll(() => rows().filter({ hasText: '信用评价办公室 | 综合部' }).count()).toBe(1);
    const tree = page.locator('.ant-tree');
    await tree.getByText('综合部', { exact: true }).waitFor();
    await keepScreenshot(page, 'system-more-address-list');

    await tree.getByText('综合部', { exact: true }).click();
    await expect.poll(names).toEqual(['评价办工作人员']);

    const search = page.getByPlaceholder('输入机构名称查询...');
    await search.fill('专家');
    await search.press('Enter');
    await expect.poll(() => tree.locator('.ant-tree-title').allTextContents()).toEqual(['专家委员会']);
    await expect.poll(async () => (await names()).includes('评价办工作人员')).toBe(true);
    await tree.getByText('专家委员会', { exact: true }).click();
    await expect
      .poll(async () => {
        const shown = await names();
        return shown.includes('评审专家') && !shown.includes('评价办工作人员');
      })
      .toBe(true);
    await keepScreenshot(page, 'system-more-address-list-search');

    await search.fill('');
    await search.press('Enter');
    await tree.getByText('监理企业', { exact: true }).waitFor();
    await page.getByPlaceholder('请输入工号查询').fill('00004');
    await page
      .getByRole('button', { name: /查\s*询/ })
      .first()
      .click();
    await expect.poll(names).toEqual(['演示监理企业']);
  });

  it('网关路由 explains who reads the routes, refuses broken JSON and saves a route', async () => {
    await open('/isystem/gatewayRoute');
    await page.locator('.ant-alert', { hasText: '由外部 API 网关' }).waitFor();
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const modal = page
      .locator('.ant-modal')
      .filter({ has: page.locator('.ant-modal-title') })
      .last();
    await modal.getByPlaceholder('如 jeecg-system').fill('jeecg-system');
    await modal.getByPlaceholder('请输入路由名称').fill('系统服务');
    await modal.getByPlaceholder('如 lb://jeecg-system 或 http://127.0.0.1:8080').fill('lb://jeecg-system');
    const predicates = modal.locator('textarea').first();
    await predicates.fill('[{"name":"Path",');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await page
      .locator('.ant-message, .ant-notification')
      .getByText(/路由条件不是合法的 JSON/)
      .first()
      .waitFor();
    await keepScreenshot(page, 'system-more-gateway-error');
    await predicates.fill('[{"name":"Path","args":{"_genkey_0":"/sys/**"}}]');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => rows().filter({ hasText: 'lb://jeecg-system' }).count()).toBe(1);
    await keepScreenshot(page, 'system-more-gateway');
  });

  it('文件管理 uploads, previews, downloads and deletes a file only after naming where it is used', async () => {
    await open('/isystem/ossFile');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '文件上传' }).click();
    await (await chooser).setFiles({ name: '公章.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('.ant-message').getByText('上传成功').first().waitFor();
    await expect.poll(() => rows().filter({ hasText: '公章.png' }).count()).toBe(1);
    const file = rows().filter({ hasText: '公章.png' });
    expect(await file.textContent()).toContain('admin');

    await file.getByText('预览').click();
    const preview = page.locator('.ant-modal', { hasText: '文件预览：公章.png' });
    await preview.locator('img[alt="公章.png"]').waitFor();
    await expect.poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await keepScreenshot(page, 'system-more-oss-preview');
    await preview.locator('.ant-modal-close').click();

    const download = page.waitForEvent('download');
    await file.getByText('下载').click();
    expect((await download).suggestedFilename()).toContain('.png');

    await server.sql(
      `update sys_user set avatar = (select file_path from sys_upload_file where file_name = '公章.png') where username = 'staff'`,
    );
    await page
      .getByRole('button', { name: /查\s*询/ })
      .first()
      .click();
    await expect.poll(() => file.textContent()).toContain('用户·头像(1条)');
    await keepScreenshot(page, 'system-more-oss');
    await rows().filter({ hasText: '信用评价管理办法.pdf' }).getByText('预览').click();
    const pdf = page.locator('.ant-modal', { hasText: '文件预览：信用评价管理办法.pdf' });
    await pdf.locator('canvas').waitFor();
    await expect.poll(() => pdf.locator('.ant-spin-spinning').count(), { timeout: 20_000 }).toBe(0);
    await keepScreenshot(page, 'system-more-oss-preview-pdf');
    await pdf.locator('.ant-modal-close').click();
    await file.getByText('删除').click();
    const confirm = page.locator('.ant-modal-confirm, .ant-popover').filter({ hasText: '仍被 用户·头像(1条) 引用' });
    await confirm.waitFor();
    await keepScreenshot(page, 'system-more-oss-delete-confirm');
    await confirm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => rows().filter({ hasText: '公章.png' }).count()).toBe(0);
  });

  it('首页配置 sends the admin to the configured home page after the next sign-in', async () => {
    await open('/isystem/roleindex');
    await page
      .getByRole('button', { name: /新\s*增/ })
      .first()
      .click();
    const modal = page
      .locator('.ant-modal')
      .filter({ has: page.locator('.ant-modal-title') })
      .last();
    await modal.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '管理员' }).click();
    await modal.getByPlaceholder('如 /isystem/addressList 或 /dashboard/analysis').fill('/isystem/addressList');
    await modal.getByPlaceholder('如 system/AddressList 或 dashboard/Analysis').fill('system/AddressList');
    await keepScreenshot(page, 'system-more-role-index-form');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => rows().filter({ hasText: '/isystem/addressList' }).count()).toBe(1);
    expect(await rows().first().textContent()).toContain('管理员');
    await keepScreenshot(page, 'system-more-role-index');

    await page.getByText('退出登录').click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.waitForURL('**/user/login**');
    await signIn(page, server, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/isystem/addressList');
    await page.getByPlaceholder('输入机构名称查询...').waitFor();
  });
});
