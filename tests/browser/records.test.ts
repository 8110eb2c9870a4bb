/**
 * 日志管理, 数据日志, 消息模板 and 消息: the admin's own sign-in in the log, a position edited twice
 * compared in 数据日志, and a template's 发送测试 delivered to a real local SMTP server.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';
import { mailText, startLocalSmtp, type LocalSmtp } from '../server/support/smtp';

let server: RunningServer;
let browser: Browser;
let page: Page;
let smtp: LocalSmtp;

beforeAll(async () => {
  smtp = await startLocalSmtp();
  server = await startServer({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'office@example.com' } });
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signIn(page, server, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard/analysis');
}, 120_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    if (page) await keepScreenshot(page, `records-failed-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function open(path: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('.ant-table').first().waitFor();
  await page.waitForLoadState('networkidle');
}

const rows = (): Locator => page.locator('tr.ant-table-row');
const row = (text: string): Locator => rows().filter({ has: page.getByText(text, { exact: true }) });
const toast = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor();
const dialog = (title: string) => page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

describe('records', () => {
  it('日志管理 shows the sign-in of the admin, and operation logs in their own tab', async () => {
    await open('/isystem/log');
    const menu = page.getByTestId('side-menu');
    for (const name of ['日志管理', '数据日志', '消息中心'])
      expect(
        await menu.locator('.ant-menu-item, .ant-menu-submenu-title', { hasText: name }).first().locator('.anticon').count(),
        name,
      ).toBe(1);
    await expect.poll(() => rows().filter({ hasText: 'admin' }).count()).toBeGreaterThan(0);
    expect(await page.locator('.ant-table-thead').first().textContent()).toContain('耗时(毫秒)');
    expect(await rows().first().textContent()).toContain('登录日志');
    await keepScreenshot(page, 'records-log-login');
    await page.getByRole('tab', { name: '操作日志' }).click();
    await page.locator('.ant-tabs-tabpane-active .ant-table-thead').getByText('请求参数').waitFor();
    await keepScreenshot(page, 'records-log-operation');
  });

  it('a position edited twice shows two versions in 数据日志, compared with the change highlighted', async () => {
    await server.sql(
      `INSERT INTO sys_position (id, code, name, post_rank, create_by, create_time) VALUES ('pos_dl_1', 'dlzw', '监理员', '1', 'admin', now())`,
    );
    await open('/isystem/position');
    for (const name of ['专业监理工程师', '总监理工程师']) {
      await row('dlzw').getByText('编辑', { exact: true }).click();
      const form = dialog('编辑');
      await form.getByPlaceholder('请输入职务名称').fill(name);
      await form.getByRole('button', { name: /确\s*定/ }).click();
      await toast('编辑成功!');
      await row(name).waitFor();
    }
    await open('/isystem/dataLog');
    await page.getByPlaceholder('请输入数据ID').fill('pos_dl_1');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows().count()).toBe(2);
    await keepScreenshot(page, 'records-datalog-list');
    for (const r of await rows().all()) await r.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '数据比较' }).click();
    const compare = dialog('数据比较');
    await compare.locator('tr[data-changed="true"]').first().waitFor();
    await page.waitForTimeout(400); // the opening animation
    const changed = compare.locator('tr[data-changed="true"]').filter({ hasText: '职务名称' });
    expect(await changed.textContent()).toContain('专业监理工程师');
    expect(await changed.textContent()).toContain('总监理工程师');
    const codeRow = compare.locator('tr[data-changed="false"]').filter({ hasText: '职务编码' });
    expect(await codeRow.count()).toBe(1);
    await keepScreenshot(page, 'records-datalog-compare');
    await compare.locator('.ant-modal-close').click();

    // a third version: 版本号1 / 版本号2 in the dialog pick any pair of the record's versions
    await open('/isystem/position');
    await row('dlzw').getByText('编辑', { exact: true }).click();
    await dialog('编辑').getByPlaceholder('请输入职务名称').fill('副总监');
    await dialog('编辑')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await toast('编辑成功!');
    await open('/isystem/dataLog');
    await page.getByPlaceholder('请输入数据ID').fill('pos_dl_1');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => rows().count()).toBe(3);
    await rows().filter({ hasText: '副总监' }).locator('.ant-checkbox-input').check();
    await rows().filter({ hasText: '总监理工程师' }).filter({ hasNotText: '专业' }).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '数据比较' }).click();
    const again = dialog('数据比较');
    await again.locator('tr[data-changed="true"]').filter({ hasText: '副总监' }).waitFor();
    await again.locator('.ant-select-selector').first().click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText(/^版本号 1（/)
      .click();
    const name = again.locator('tr[data-changed="true"]').filter({ hasText: '职务名称' });
    await expect.poll(() => name.textContent()).toContain('专业监理工程师');
    expect(await name.textContent()).toContain('副总监');
    await page.waitForTimeout(300);
    await keepScreenshot(page, 'records-datalog-compare-versions');
  });

  it('发送测试 of a template sends an e-mail the SMTP server receives with the rendered text; 消息 lists it as sent', async () => {
    await open('/isystem/message/sysMessageTemplate');
    await keepScreenshot(page, 'records-message-templates');
    await row('material_return_mail').getByText('发送测试', { exact: true }).click();
    const form = dialog('发送模板测试');
    await form.getByPlaceholder('邮箱地址、手机号或用户名').fill('unit@example.com');
    await keepScreenshot(page, 'records-message-test-dialog');
    await form.getByRole('button', { name: /发\s*送/ }).click();
    await toast('消息发送成功！');
    const mail = await smtp.next();
    expect(mail.to).toEqual(['unit@example.com']);
    const text = mailText(mail.raw);
    expect(text).toContain('某某监理有限公司');
    expect(text).toContain('财务报表缺少盖章页');
    expect(text).not.toContain('${');

    await open('/isystem/message/sysMessage');
    const sent = row('unit@example.com');
    await sent.waitFor();
    expect(await sent.textContent()).toContain('发送成功');
    await keepScreenshot(page, 'records-messages');
  });

  it('操作日志 lists the operations just made with method, path, parameters and cost', async () => {
    await open('/isystem/log');
    await page.getByRole('tab', { name: '操作日志' }).click();
    const pane = page.locator('.ant-tabs-tabpane-active');
    const sent = pane.locator('tr.ant-table-row').filter({ hasText: '消息模板发送测试' });
    await sent.first().waitFor();
    const text = (await sent.first().textContent()) ?? '';
    expect(text).toContain('POST');
    expect(text).toContain('/api/sys/message/sysMessageTemplate/sendMsg');
    expect(text).toContain('material_return_mail');
    await keepScreenshot(page, 'records-log-operation-rows');
    await sent.first().getByText('详情', { exact: true }).click();
    const detail = dialog('日志详情');
    await detail.getByText('请求参数').waitFor();
    expect(await detail.textContent()).toContain('"receiver": "unit@example.com"');
    await page.waitForTimeout(400); // the opening animation
    await keepScreenshot(page, 'records-log-detail');
  });
});
