import ExcelJS from 'exceljs';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

/**
 * The core-administration issue's proofs, driven through the screens as an administrator:
 * a role with 用户管理 and user:add only, its holder's screens and the server's refusal of edit;
 * a data rule limiting the user list to the caller's department; freezing ends an open session;
 * a dictionary change reaches a select after 刷新缓存 without reloading the app.
 */
const CLERK_PASSWORD = 'Clerk#2026pass';
const MATE_PASSWORD = 'Mate#2026pass';
const DEPART = '验证专用部';
const ROLE = '用户录入员';

let server: RunningServer;
let browser: Browser;
let admin: Page;
let clerk: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = (await newPage(browser)).page;
  await signIn(admin, server, 'admin', ADMIN_PASSWORD);
  await admin.waitForURL('**/dashboard/analysis');
}, 90_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    const name = ctx.task.name.slice(0, 1);
    if (admin) await keepScreenshot(admin, `proof-failed-${name}-admin`);
    if (clerk && !clerk.isClosed()) await keepScreenshot(clerk, `proof-failed-${name}-clerk`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}') as { value?: string }).value ?? '');
}

async function api(
  page: Page,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; json: { success: boolean; message: string; code: number } }> {
  const res = await fetch(`${server.apiUrl}${path}`, {
    method,
    headers: { 'X-Access-Token': await tokenOf(page), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as { success: boolean; message: string; code: number } };
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('.ant-table').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** Picks `text` in the open select dropdown (plain or tree). */
async function pick(page: Page, text: string): Promise<void> {
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await dropdown.locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper').filter({ hasText: text }).first().click();
}

async function expectMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text).first().waitFor();
}

const row = (page: Page, text: string): Locator => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
const visibleDrawer = (page: Page): Locator => page.locator('.ant-drawer-open .ant-drawer-content').last();

async function usernamesShown(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return (await page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)').allTextContents()).map((s) => s.trim());
}

describe('core administration proofs', () => {
  it('a: a role with 用户管理 and user:add (not user:edit) shows 添加用户 but no 编辑, and the server refuses edit', async () => {
    // the role, through 角色管理
    await open(admin, '/isystem/role');
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    await admin.getByPlaceholder('请输入角色编码').fill('proof_clerk');
    await admin.getByPlaceholder('请输入角色名称').fill(ROLE);
    await admin
      .locator('.ant-modal-footer, .ant-drawer-footer')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expectMessage(admin, '添加成功！');

    // its grants, in the authorisation drawer
    await row(admin, ROLE).getByText('授权').click();
    const drawer = visibleDrawer(admin);
    await drawer.getByText('所拥有的权限').waitFor();
    await drawer.getByRole('button', { name: /树操作/ }).click();
    await admin.getByRole('menuitem', { name: '展开所有' }).click();
    for (const name of ['系统管理', '用户管理', '添加用户']) {
      await drawer
        .locator('.ant-tree-node-content-wrapper')
        .filter({ hasText: new RegExp(`^${name}$`) })
        .click();
    }
    expect(await drawer.locator('.ant-tree-treenode-checkbox-checked').count()).toBe(3);
    await keepScreenshot(admin, 'proof-a-authorize');
    await drawer.getByRole('button', { name: '保存并关闭' }).click();
    await expectMessage(admin, '保存成功！');

    // a new department (created by the administrator's call) and the user, through 用户管理
    expect((await api(admin, 'POST', '/sys/sysDepart/add', { departName: DEPART, orgCategory: '1' })).json.success).toBe(true);
    await open(admin, '/isystem/user');
    await admin.getByRole('button', { name: /添加用户/ }).click();
    const form = visibleDrawer(admin);
    await form.getByPlaceholder('请输入用户账号').fill('proof_clerk');
    await form.getByPlaceholder('请输入登录密码').fill(CLERK_PASSWORD);
    await form.getByPlaceholder('请重新输入登录密码').fill(CLERK_PASSWORD);
    await form.getByPlaceholder('请输入用户名称').fill('验证录入员');
    await form.getByPlaceholder('请输入工号').fill('P0001');
    await form.getByPlaceholder('请输入手机号码').fill('13911112222');
    await form.locator('.ant-select').filter({ hasText: '请选择角色' }).click();
    await pick(admin, ROLE);
    await form.getByPlaceholder('请输入工号').click();
    await form.locator('.ant-select').filter({ hasText: '请选择部门' }).click();
    await pick(admin, DEPART);
    await form.getByPlaceholder('请输入工号').click();
    await keepScreenshot(admin, 'proof-a-user-form');
    await form.getByRole('button', { name: /提\s*交/ }).click();
    await expectMessage(admin, '添加成功！');

    // the user signs in elsewhere
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    clerk = await context.newPage();
    await signIn(clerk, server, 'proof_clerk', CLERK_PASSWORD);
    await clerk.waitForURL('**/dashboard/analysis');
    await clerk.locator('.ant-layout-sider').getByText('系统管理').click();
    await clerk.locator('.ant-layout-sider').getByText('用户管理').click();
    await clerk.waitForURL('**/isystem/user');
    await clerk.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await clerk.getByRole('button', { name: /添加用户/ }).waitFor();
    expect(await clerk.locator('.ant-table-tbody').getByText('编辑', { exact: true }).count()).toBe(0);
    await keepScreenshot(clerk, 'proof-a-clerk-user-list');

    const edit = await api(clerk, 'PUT', '/sys/user/edit', { id: 'u_demo_staff', realname: '改名', workNo: 'X1', phone: '13900000000' });
    expect(edit.status).toBe(403);
    expect(edit.json).toMatchObject({ success: false, code: 403, message: '没有权限，请联系管理员授权' });
  }, 180_000);

  it('c: a data rule sysOrgCode = #{sys_org_code} on 用户管理 limits its holder to their department, on screen and in the API', async () => {
    // a second member of the department, so the list has more than the head
    const mate = await api(admin, 'POST', '/sys/user/add', {
      username: 'proof_mate',
      realname: '同部门同事',
      password: MATE_PASSWORD,
      workNo: 'P0002',
      phone: '13911113333',
      selecteddeparts: (await server.sql<{ id: string }>('select id from sys_depart where depart_name = $1', [DEPART]))[0]!.id,
    });
    expect(mate.json.success).toBe(true);

    // the rule, through 菜单管理 → 数据规则
    await open(admin, '/isystem/permission');
    await row(admin, '系统管理').locator('.ant-table-row-expand-icon').first().click();
    await row(admin, '用户管理').first().getByText('数据规则').click();
    const rules = visibleDrawer(admin);
    await rules.getByRole('button', { name: /添\s*加/ }).click();
    // the drawer's query form has a 规则名称 input too: fill only once the dialog is there
    const ruleForm = admin.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-content').last();
    await ruleForm.getByPlaceholder('请输入规则字段, 如 sysOrgCode').waitFor();
    await ruleForm.getByPlaceholder('请输入规则名称').fill('本部门');
    await ruleForm.getByPlaceholder('请输入规则字段, 如 sysOrgCode').fill('sysOrgCode');
    await ruleForm.locator('.ant-select').filter({ hasText: '请选择条件' }).click();
    await pick(admin, '等于');
    await ruleForm.getByPlaceholder('请输入规则值, 如 #{sys_org_code}').fill('#{sys_org_code}');
    await ruleForm.getByText('有效', { exact: true }).click();
    await ruleForm.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(admin, '添加成功');
    await row(admin, '本部门').waitFor();
    await keepScreenshot(admin, 'proof-c-rule');

    // granted to the head's role, in the authorisation drawer's data-rule panel
    await open(admin, '/isystem/role');
    await row(admin, ROLE).getByText('授权').click();
    const drawer = visibleDrawer(admin);
    await drawer.getByText('所拥有的权限').waitFor();
    await drawer.getByRole('button', { name: /树操作/ }).click();
    await admin.getByRole('menuitem', { name: '展开所有' }).click();
    await drawer.locator('.ant-tree-node-content-wrapper').filter({ hasText: '用户管理' }).getByLabel('数据规则').click();
    const panel = admin
      .locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-content, .ant-drawer-open .ant-drawer-content')
      .filter({ hasText: '本部门' })
      .last();
    await panel.getByText('本部门').click();
    await keepScreenshot(admin, 'proof-c-rule-grant');
    await panel
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    await expectMessage(admin, '保存成功');

    // the head sees only their department
    await clerk.getByRole('button', { name: /^search 查\s*询$/ }).click();
    await expect.poll(async () => (await usernamesShown(clerk)).sort(), { timeout: 10_000 }).toEqual(['proof_clerk', 'proof_mate']);
    await keepScreenshot(clerk, 'proof-c-head-list');
    const listed = await fetch(`${server.apiUrl}/sys/user/list?pageSize=100`, { headers: { 'X-Access-Token': await tokenOf(clerk) } });
    const body = (await listed.json()) as { result: { records: Array<{ username: string }>; total: number } };
    expect(body.result.records.map((r) => r.username).sort()).toEqual(['proof_clerk', 'proof_mate']);
    expect(body.result.total).toBe(2);
  }, 180_000);

  it('b: freezing the user while their session is open ends it on their next action', async () => {
    await open(admin, '/isystem/user');
    await row(admin, 'proof_clerk').locator('.ant-checkbox-input').check();
    await admin
      .getByRole('button', { name: /冻\s*结/ })
      .first()
      .click();
    await admin
      .locator('.ant-modal-confirm, .ant-popover')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expectMessage(admin, '操作成功!');

    await clerk.getByRole('button', { name: /^search 查\s*询$/ }).click();
    await clerk.getByText('很抱歉，登录已过期，请重新登录').first().waitFor();
    await keepScreenshot(clerk, 'proof-b-expired');
    await clerk.waitForURL('**/user/login**', { timeout: 15_000 });
    await clerk.getByPlaceholder('请输入用户名').waitFor();
  }, 120_000);

  it('d: a new dictionary item reaches a dictionary select after 刷新缓存, without reloading the app', async () => {
    await open(admin, '/isystem/dict');
    // more dictionaries than one page holds: find it
    await admin.getByPlaceholder('请输入字典编号').fill('sex');
    await admin.getByRole('button', { name: /查\s*询/ }).click();
    await row(admin, 'sex').getByText('字典配置').click();
    const items = visibleDrawer(admin);
    await items
      .getByRole('button', { name: /新\s*增|添\s*加/ })
      .first()
      .click();
    const itemForm = admin.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-content').last();
    await itemForm.getByPlaceholder('请输入数据值').waitFor();
    await itemForm.getByPlaceholder('请输入名称').fill('未说明');
    await itemForm.getByPlaceholder('请输入数据值').fill('9');
    await itemForm.getByRole('button', { name: /确\s*定/ }).click();
    await expectMessage(admin, '添加成功');
    // The toast sits over the drawer's close button, and hovering a toast keeps it open.
    await admin.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
    await items.locator('.ant-drawer-close').click();
    await expect.poll(() => admin.locator('.ant-drawer-open').count()).toBe(0);

    await admin.getByRole('button', { name: '刷新缓存' }).click();
    await expectMessage(admin, '刷新缓存完成！');
    const marker = await admin.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = Date.now()));

    await admin.locator('.ant-layout-sider').getByText('用户管理').click();
    await admin.waitForURL('**/isystem/user');
    await admin.getByRole('button', { name: /添加用户/ }).click();
    await visibleDrawer(admin).locator('.ant-select').filter({ hasText: '请选择性别' }).click();
    const option = admin
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: '未说明' });
    await option.waitFor();
    await keepScreenshot(admin, 'proof-d-select');
    expect(await admin.evaluate(() => (window as unknown as { __noReload?: number }).__noReload)).toBe(marker);
  }, 120_000);

  it('e: 角色管理 导出 downloads the roles; 导入 of the edited file adds the new row and reports the duplicates', async () => {
    await open(admin, '/isystem/role');
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: /导\s*出/ }).click()]);
    expect(download.suggestedFilename()).toBe('角色信息.xlsx');
    const file = path.join(tmpdir(), `roles-${Date.now()}.xlsx`);
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual(['角色名称', '角色编码', '备注', '创建时间']);
    const codes = Array.from({ length: sheet.rowCount - 3 }, (_, i) => sheet.getRow(i + 4).getCell(2).value);
    expect(codes).toEqual(expect.arrayContaining(['admin', 'proof_clerk', 'xypj_staff']));

    sheet.addRow(['界面导入角色', 'ui_imported_role', '从导出文件导入']);
    writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()));
    await admin.getByRole('button', { name: /导\s*入/ }).click();
    const modal = admin.locator('.ant-modal-content').filter({ hasText: '导入EXCEL' });
    await modal.locator('input[type=file]').setInputFiles(file);
    await modal.getByRole('button', { name: '开始上传' }).click();
    await admin.getByText('导入成功,但是有错误数据!').waitFor();
    await keepScreenshot(admin, 'proof-e-import');
    await admin.locator('.ant-modal-confirm').getByRole('button').last().click();
    await row(admin, '界面导入角色').waitFor();
  }, 120_000);
});
