import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;

const COMPANY = { name: '闽江工程监理有限公司', creditCode: '91350100M000100Y43', contact: '林工', mobile: '13912345678', username: 'minjiang_jl', password: 'Minjiang#2026' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function staffToken(): Promise<string> {
  const checkKey = String(Date.now());
  await fetch(`${server.apiUrl}/sys/randomImage/${checkKey}`);
  const captcha = await server.readCaptcha(checkKey);
  const res = await fetch(`${server.apiUrl}/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'staff', password: DEMO_PASSWORD, captcha, checkKey, remember_me: false }),
  });
  const body = (await res.json()) as { success: boolean; message: string; result?: { token: string } };
  if (!body.result?.token) throw new Error(`staff login: ${body.message}`);
  return body.result.token;
}

async function staffCall(token: string, method: string, url: string, data?: unknown): Promise<{ success: boolean; message: string; result?: unknown }> {
  const res = await fetch(`${server.apiUrl}${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  return (await res.json()) as { success: boolean; message: string; result?: unknown };
}

async function registerCompany(): Promise<void> {
  await page.goto(`${server.baseUrl}/user/login`);
  await page.getByRole('link', { name: /注册/ }).click();
  await page.waitForURL('**/user/register');
  await page.getByPlaceholder('请输入企业名称').fill(COMPANY.name);
  await page.getByPlaceholder('请输入18位统一社会信用代码').fill('91350100M000100Y44');
  await page.getByPlaceholder('请输入联系人').click();
  await page.getByText('统一社会信用代码校验位不正确').waitFor();
  await page.getByPlaceholder('请输入18位统一社会信用代码').fill(COMPANY.creditCode);
  await page.getByPlaceholder('请输入联系人').fill(COMPANY.contact);
  await page.getByPlaceholder('请输入用户名').fill('company');
  await page.getByPlaceholder('请输入手机号').click();
  await page.getByText('用户名已存在!').waitFor();
  await page.getByPlaceholder('请输入用户名').fill(COMPANY.username);
  await page.getByPlaceholder('请输入手机号').fill(COMPANY.mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByRole('button', { name: /\d+ s/ }).waitFor();
  await expect.poll(async () => (await server.sql('SELECT 1 FROM sys_sms_outbox WHERE mobile = $1', [COMPANY.mobile])).length).toBe(1);
  const [sent] = await server.sql<{ content: string }>('SELECT content FROM sys_sms_outbox WHERE mobile = $1 ORDER BY create_time DESC LIMIT 1', [COMPANY.mobile]);
  await page.getByPlaceholder('请输入短信验证码').fill(/(\d{6})/.exec(sent!.content)?.[1] ?? '');
  await page.getByPlaceholder('至少8位，含字母、数字和特殊符号').fill('weakpass');
  await page.getByPlaceholder('请再次输入密码').fill('other');
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await page.getByText('密码由8位数字、大小写字母和特殊符号组成!').waitFor();
  await page.getByText('两次输入的密码不一致').waitFor();
  await page.getByPlaceholder('至少8位，含字母、数字和特殊符号').fill(COMPANY.password);
  await page.getByPlaceholder('请再次输入密码').fill(COMPANY.password);
  await keepScreenshot(page, 'cycle-register-form');
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await page.waitForURL('**/user/register-result');
  await page.getByText('注册申请已提交').waitFor();
  await page.getByText(COMPANY.creditCode).waitFor();
  await keepScreenshot(page, 'cycle-register-result');
}

describe('信用评价：企业一轮申报', () => {
  it('a direct visit to the register result shows no success', async () => {
    await page.goto(`${server.baseUrl}/user/register-result`);
    await page.getByText('没有可显示的注册信息。已有账户请直接登录。').waitFor();
    expect(await page.getByText('注册申请已提交').count()).toBe(0);
  }, 30_000);

  it('registers, is approved, fills its unit information, applies, is returned and resubmits, and is accepted', async () => {
    try {
      await registerCompany();
      const token = await staffToken();
      const [company] = await server.sql<{ id: string; status: string }>('SELECT id, status FROM xypj_company WHERE credit_code = $1', [COMPANY.creditCode]);
      expect(company?.status).toBe('pending');
      expect((await staffCall(token, 'POST', '/xypj/company/approve', { id: company!.id })).success).toBe(true);

      await signIn(page, server, COMPANY.username, COMPANY.password);
      await page.waitForURL('**/dashboard/analysis');
    } catch (error) {
      await keepScreenshot(page, 'cycle-failed');
      throw error;
    }
  }, 150_000);
});
