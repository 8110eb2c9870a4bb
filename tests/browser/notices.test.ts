/**
 * 通告公告 → the notice bell of another signed-in user, without a reload; 通知消息 marks it read;
 * 我的消息; 在线用户 强制退出 signs that user out.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let admin: Page;
let staff: Page;

async function signInStaff(page: Page): Promise<void> {
  await signIn(page, server, 'staff', DEMO_PASSWORD);
  const chooser = page.locator('.ant-modal-content').filter({ hasText: '请选择租户和部门' });
  await chooser.waitFor();
  for (const placeholder of ['请选择登录租户', '请选择登录部门']) {
    const select = chooser.locator('.ant-select').filter({ hasText: placeholder });
    if ((await select.count()) === 0) continue;
    await select.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().waitFor();
    await page.keyboard.press('Enter');
  }
  await chooser.getByRole('button', { name: /确\s*认/ }).click();
  await page.waitForURL('**/dashboard/analysis');
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = (await newPage(browser)).page;
  admin.setDefaultTimeout(30_000);
  await signIn(admin, server, 'admin', ADMIN_PASSWORD);
  await admin.waitForURL('**/dashboard/analysis');
  staff = (await newPage(browser)).page;
  staff.setDefaultTimeout(30_000);
  await signInStaff(staff);
}, 180_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    const attempt = ctx.task.result?.retryCount ?? 0;
    if (admin) await keepScreenshot(admin, `notices-failed-admin-${attempt}-${ctx.task.name.slice(0, 30)}`);
    if (staff) await keepScreenshot(staff, `notices-failed-staff-${attempt}-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, on: Page): Promise<void> {
  await on.goto(`${server.baseUrl}${path}`);
  await on.locator('.ant-table').first().waitFor();
  await on.waitForLoadState('networkidle');
}

const row = (text: string, on: Page): Locator => on.locator('tr.ant-table-row').filter({ has: on.getByText(text, { exact: true }) });
const toast = (text: string, on: Page) => on.locator('.ant-message').getByText(text).first().waitFor();
const dialog = (title: string, on: Page) =>
  on.locator('.ant-modal-content').filter({ has: on.locator('.ant-modal-title', { hasText: title }) });
const bellCount = async (on: Page): Promise<number> => {
  const count = on.locator('[data-testid="notice-bell"] .ant-badge-count');
  if ((await count.count()) === 0) return 0;
  return Number((await count.getAttribute('title')) ?? (await count.textContent()) ?? '0');
};
const formItem = (form: Locator, label: string) => form.locator('.ant-formily-item, .ant-form-item').filter({ hasText: label }).first();

describe('通告公告 and the notice bell', () => {
  it('an announcement published to staff rises their bell without a reload; 通知消息 marks it read', async () => {
    await expect.poll(() => bellCount(staff), { timeout: 15_000 }).toBe(2);
    await keepScreenshot(staff, 'notices-bell-before');

    await open('/isystem/annountCement', admin);
    await row('关于年度信用评价申报工作的通知', admin).waitFor();
    await admin.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog('新增', admin);
    await form.getByPlaceholder('请输入标题').fill('请提交年度评价材料');
    await form.getByPlaceholder('请输入摘要').fill('材料截止日前提交');
    const end = formItem(form, '截至日期').locator('input').first();
    await end.click();
    await end.fill('2099-12-31 00:00:00');
    await end.press('Enter');
    await formItem(form, '接收用户').getByText('指定用户', { exact: true }).click();
    await formItem(form, '优先级').getByText('高', { exact: true }).click();
    await form.getByRole('button', { name: /选\s*择/ }).click();
    const picker = dialog('用户选择', admin);
    await picker.getByPlaceholder('请输入账号').fill('staff');
    await picker.getByPlaceholder('请输入账号').press('Enter');
    await picker
      .locator('tr.ant-table-row')
      .filter({ has: admin.getByText('staff', { exact: true }) })
      .locator('.ant-checkbox-input')
      .check();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    const editor = form.getByRole('textbox', { name: '富文本内容' });
    await editor.click();
    await admin.keyboard.type('请于月底前提交全部材料。');
    await keepScreenshot(admin, 'notices-announcement-form');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('添加成功！', admin);
    const item = row('请提交年度评价材料', admin);
    await item.waitFor();
    expect(await item.textContent()).toContain('未发布');
    await item.getByText('更多').click();
    await admin.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '发布' }).click();
    await admin
      .locator('.ant-modal-confirm')
      .filter({ hasText: '接收用户会立即收到通知' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).toContain('已发布');
    await keepScreenshot(admin, 'notices-announcement-list');

    await expect.poll(() => bellCount(staff), { timeout: 15_000 }).toBe(3);
    await staff.locator('.ant-notification-notice').filter({ hasText: '请提交年度评价材料' }).waitFor();
    await keepScreenshot(staff, 'notices-bell-notification');
    await staff.getByTestId('notice-bell').click();
    const popover = staff.locator('.ant-popover:not(.ant-popover-hidden)');
    await popover.getByText('请提交年度评价材料').waitFor();
    expect(await popover.textContent()).toContain('通知(2)');
    expect(await popover.locator('.ant-tag').filter({ hasText: '紧急消息' }).count()).toBeGreaterThan(0);
    await keepScreenshot(staff, 'notices-bell-popover');
    await popover.getByText('请提交年度评价材料').click();
    const detail = dialog('通知消息', staff);
    await detail.getByText('请于月底前提交全部材料。').waitFor();
    expect(await detail.textContent()).toContain('发布人：');
    await staff.waitForTimeout(500);
    await keepScreenshot(staff, 'notices-detail');
    await expect.poll(() => bellCount(staff)).toBe(2);
    await detail.getByRole('button', { name: /关\s*闭/ }).click();
  });

  it('我的消息 lists the own announcements of the user with their read state', async () => {
    await staff.getByTestId('notice-bell').click();
    await staff.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name: '查看更多' }).click();
    await staff.waitForURL('**/isps/userAnnouncement');
    const mine = row('请提交年度评价材料', staff);
    await mine.waitFor();
    expect(await mine.textContent()).toContain('已读');
    expect(await row('系统维护公告', staff).textContent()).toContain('未读');
    await keepScreenshot(staff, 'notices-my-messages');
    await row('系统维护公告', staff).getByText('查看', { exact: true }).click();
    await dialog('通知消息', staff).getByText('系统将于本周六', { exact: false }).waitFor();
    await dialog('通知消息', staff)
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await expect.poll(() => row('系统维护公告', staff).textContent()).toContain('已读');
    await expect.poll(() => bellCount(staff)).toBe(1);
  });

  it('在线用户 强制退出 of the staff session sends its next click to the login page', async () => {
    await open('/isystem/online', admin);
    const staffRow = row('staff', admin);
    await staffRow.waitFor();
    await keepScreenshot(admin, 'notices-online-users');
    await row('admin', admin).getByText('强退', { exact: true }).click();
    const own = admin.locator('.ant-modal-confirm').filter({ hasText: '这是您自己当前的会话' });
    await own.waitFor();
    await keepScreenshot(admin, 'notices-online-own-session');
    await own.getByRole('button', { name: /取\s*消/ }).click();
    await own.waitFor({ state: 'hidden' });
    await staffRow.getByText('强退', { exact: true }).click();
    const confirm = admin.locator('.ant-modal-confirm').filter({ hasText: '强制退出用户 staff' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await toast('已强制退出用户：staff', admin);
    // the closed socket may have signed it out already; otherwise its next click that asks the server does
    if (!staff.url().includes('/user/login')) {
      await staff
        .getByTestId('notice-bell')
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      await staff
        .getByRole('button', { name: '查看更多' })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    }
    await staff.waitForURL('**/user/login**', { timeout: 20_000 });
    await keepScreenshot(staff, 'notices-forced-out');
  });
});
