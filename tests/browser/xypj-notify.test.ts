/**
 * Notices to the people concerned, as they see them: the company's 我的申报 shows 已退回 (with the reason) and
 * 已受理 without a reload, its bell has the messages and its mailbox the e-mails (a local SMTP server); the
 * expert's 评审打分 shows the new assignment the same way. A list also reloads when its menu item is clicked
 * again. A new company registers following the README: the SMS code is read by admin in 短信记录.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailText, startLocalSmtp, type LocalSmtp } from '../server/support/smtp';
import {
  ADMIN_PASSWORD,
  bellShows,
  DEMO_PASSWORD,
  keepScreenshot,
  launchBrowser,
  newPage,
  signIn,
  staffToken,
  startServer,
  type RunningServer,
} from './harness';

let server: RunningServer;
let smtp: LocalSmtp;
let browser: Browser;
let company: Page;
let expert: Page;
let token = '';

const DEMO_COMPANY = 'xypj_company_001';

async function staffCall(url: string, data: unknown): Promise<{ success: boolean; message: string }> {
  const res = await fetch(`${server.apiUrl}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
    body: JSON.stringify(data),
  });
  return (await res.json()) as { success: boolean; message: string };
}

const bellCount = async (on: Page): Promise<number> => {
  const count = on.locator('[data-testid="notice-bell"] .ant-badge-count');
  if ((await count.count()) === 0) return 0;
  return Number((await count.first().innerText()).replace(/\D/g, '')) || 0;
};

async function mailTo(address: string, text: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const mail = smtp.mails.find((m) => m.to.includes(address) && mailText(m.raw).includes(text));
        found = mail ? mailText(mail.raw) : '';
        return found !== '';
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found;
}

async function thisYearsApplication(): Promise<{ id: string; batch: string }> {
  const [row] = await server.sql<{ id: string; batch: string }>(
    "SELECT a.id, b.name AS batch FROM xypj_application a JOIN xypj_batch b ON b.id = a.batch_id WHERE a.company_id = $1 AND b.state = 'open'",
    [DEMO_COMPANY],
  );
  return row!;
}

beforeAll(async () => {
  smtp = await startLocalSmtp();
  server = await startServer({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'office@example.com' } });
  browser = await launchBrowser();
  token = await staffToken(server);
  company = (await newPage(browser)).page;
  company.setDefaultTimeout(30_000);
  await signIn(company, server, 'company', DEMO_PASSWORD);
  await company.waitForURL('**/dashboard/analysis');
  expert = (await newPage(browser)).page;
  expert.setDefaultTimeout(30_000);
  await signIn(expert, server, 'expert', DEMO_PASSWORD);
  await expert.waitForURL('**/dashboard/analysis');
}, 180_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    const name = ctx.task.name.slice(0, 30);
    if (company) await keepScreenshot(company, `notify-failed-company-${name}`);
    if (expert) await keepScreenshot(expert, `notify-failed-expert-${name}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('notices of the evaluation steps', () => {
  it('the company sees its application returned, then accepted, without reloading: list, bell and e-mail', async () => {
    const app = await thisYearsApplication();
    await company.goto(`${server.baseUrl}/xypj/application`);
    const row = company.locator('.ant-table-row').filter({ hasText: app.batch });
    await row.getByText('草稿').waitFor();
    await server.sql("UPDATE xypj_application SET state = 'submitted', submit_time = now() WHERE id = $1", [app.id]);
    const before = await bellCount(company);

    expect(await staffCall('/xypj/application/return', { id: app.id, reason: '营业执照副本不清晰' })).toMatchObject({ success: true });
    await row.getByText('已退回').waitFor();
    await row.getByText('营业执照副本不清晰').waitFor();
    await expect.poll(() => bellCount(company), { timeout: 15_000 }).toBe(before + 1);
    await keepScreenshot(company, 'notify-company-returned');
    await bellShows(company, '信用评价申报已退回');
    expect(await mailTo('company@example.com', '营业执照副本不清晰')).toContain('信用评价申报已被退回');

    await server.sql("UPDATE xypj_application SET state = 'submitted' WHERE id = $1", [app.id]);
    expect(await staffCall('/xypj/application/accept', { id: app.id })).toMatchObject({ success: true });
    await row.getByText('已受理').waitFor();
    await bellShows(company, '信用评价申报已受理');
    await mailTo('company@example.com', '已通过形式审查并受理');
  }, 120_000);

  it('the expert sees a new assignment in 评审打分 without reloading, with a bell message and an e-mail', async () => {
    const app = await thisYearsApplication();
    await expert.goto(`${server.baseUrl}/xypj/scoring`);
    await expert.locator('.ant-table').first().waitFor();
    const companyName = (await server.sql<{ name: string }>('SELECT name FROM xypj_company WHERE id = $1', [DEMO_COMPANY]))[0]!.name;
    expect(await expert.locator('.ant-table-row').filter({ hasText: companyName }).count()).toBe(0);

    expect(
      await staffCall('/xypj/application/assign', { id: app.id, expertIds: ['xypj_expert_001', 'xypj_expert_004', 'xypj_expert_005'] }),
    ).toMatchObject({ success: true });
    await expert.locator('.ant-table-row').filter({ hasText: companyName }).first().waitFor();
    await keepScreenshot(expert, 'notify-expert-assigned');
    await bellShows(expert, '新的评审任务');
    expect(await mailTo('expert@example.com', companyName)).toContain('已分配给您评审');
  }, 90_000);

  it('a list reloads when its menu item is clicked again', async () => {
    const app = await thisYearsApplication();
    await company.goto(`${server.baseUrl}/xypj/application`);
    const row = company.locator('.ant-table-row').filter({ hasText: app.batch });
    await row.getByText('已分配').waitFor();
    await server.sql("UPDATE xypj_application SET remark = '菜单刷新' WHERE id = $1", [app.id]);
    await server.sql("UPDATE xypj_application SET state = 'scored' WHERE id = $1", [app.id]);
    await company.locator('.ant-menu').getByText('我的申报', { exact: true }).click();
    await row.getByText('已打分').waitFor();
  }, 60_000);
});

describe('registration following the README', () => {
  it('a new company gets its SMS code from 短信记录 (admin) and registers', async () => {
    const { page } = await newPage(browser);
    page.setDefaultTimeout(30_000);
    const mobile = '13700003333';
    await page.goto(`${server.baseUrl}/user/register`);
    await page.getByPlaceholder('请输入企业名称').fill('榕城工程监理有限公司');
    await page.getByPlaceholder('请输入18位统一社会信用代码').fill('91350100M000100Y43');
    await page.getByPlaceholder('请输入联系人').fill('陈工');
    await page.getByPlaceholder('请输入手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /\d+ s/ }).waitFor();

    const { page: admin } = await newPage(browser);
    admin.setDefaultTimeout(30_000);
    await signIn(admin, server, 'admin', ADMIN_PASSWORD);
    await admin.waitForURL('**/dashboard/analysis');
    await admin.goto(`${server.baseUrl}/isystem/message/smsLog`);
    const sms = admin.locator('.ant-table-row').filter({ hasText: mobile });
    await sms.getByText('注册验证码').waitFor();
    await keepScreenshot(admin, 'notify-sms-log');
    const code = /验证码是(\d{6})/.exec(await sms.innerText())?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    await page.getByPlaceholder('请输入短信验证码').fill(code);
    await page.getByPlaceholder('请输入用户名').fill('rongcheng_jl');
    await page.getByPlaceholder('至少8位，含字母、数字和特殊符号').fill('Rongcheng#2026');
    await page.getByPlaceholder('请再次输入密码').fill('Rongcheng#2026');
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await page.getByText('注册申请已提交').waitFor();
  }, 120_000);
});
