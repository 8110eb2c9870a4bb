/**
 * Credit evaluation, publication: this year's batch with reviewed results (prepared in the database as the
 * scoring work leaves it) goes to publicity (the public result list shows it, signed out) and is published;
 * the company downloads its certificate (text and QR code read from the rendered PDF); the public check
 * answers 有效, and 已撤销 after staff revoke it. Then the platform's push sign-in and sign-out.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chooseTenantAndDepartment,
  DEMO_PASSWORD,
  keepScreenshot,
  launchBrowser,
  newPage,
  signIn,
  startServer,
  type RunningServer,
} from './harness';
import { renderPdf } from './pdf-in-browser';

const PUSH_KEY = 'browser-test-push-key';
const DEMO_COMPANY = '演示监理企业有限公司';

let server: RunningServer;
let browser: Browser;
let staff: Page;
let year: number;
let batchId: string;
let batchName: string;

/** This year's batch as the review leaves it: reviewing, applications reviewed, one result each (the demo company's first). */
async function prepareReviewedBatch(): Promise<void> {
  const [batch] = await server.sql<{ id: string; name: string; year: number }>(
    "SELECT id, name, year FROM xypj_batch WHERE state = 'open'",
  );
  batchId = batch!.id;
  batchName = batch!.name;
  year = batch!.year;
  await server.sql("UPDATE xypj_application SET state = 'accepted' WHERE batch_id = $1 AND company_id = 'xypj_company_001'", [batchId]);
  const apps = await server.sql<{ id: string; company_id: string; company_name: string; credit_code: string }>(
    "SELECT id, company_id, company_name, credit_code FROM xypj_application WHERE batch_id = $1 AND state = 'accepted' ORDER BY company_id",
    [batchId],
  );
  for (const [i, a] of apps.entries()) {
    const score = 93.5 - i * 3;
    const grade = score >= 90 ? 'AAA' : score >= 80 ? 'AA' : score >= 70 ? 'A' : 'B';
    await server.sql(
      `INSERT INTO xypj_result (id, batch_id, application_id, company_id, company_name, credit_code, eval_year, avg_score, deduction, final_score, grade, ranking, review_time, create_by, create_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $8, $9, $10, now(), 'test', now())`,
      [`res_${i}`, batchId, a.id, a.company_id, a.company_name, a.credit_code, year, score, grade, i + 1],
    );
  }
  await server.sql("UPDATE xypj_application SET state = 'reviewed' WHERE batch_id = $1 AND state = 'accepted'", [batchId]);
  // the office withdrew the applications left unfinished (开始公示 waits for every one)
  await server.sql(
    "UPDATE xypj_application SET state = 'withdrawn', withdraw_reason = '测试' WHERE batch_id = $1 AND state IN ('submitted', 'assigned', 'scored')",
    [batchId],
  );
  await server.sql("UPDATE xypj_batch SET state = 'reviewing', publicity_start = $2, publicity_end = $3 WHERE id = $1", [
    batchId,
    `${year}-12-01`,
    `${year}-12-10`,
  ]);
}

beforeAll(async () => {
  server = await startServer({ env: { PLATFORM_PUSH_KEY: PUSH_KEY } });
  await prepareReviewedBatch();
  browser = await launchBrowser();
  staff = (await newPage(browser)).page;
  await signIn(staff, server, 'staff', DEMO_PASSWORD);
  await chooseTenantAndDepartment(staff);
  await staff.waitForURL('**/dashboard/analysis');
}, 120_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    if (staff) await keepScreenshot(staff, `xypj-publication-failed-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(on: Page, url: string): Promise<void> {
  await on.goto(`${server.baseUrl}${url}`);
  await on.locator('.ant-table').first().waitFor();
  await on.waitForLoadState('networkidle');
}

const row = (on: Page, text: string): Locator => on.locator('tr.ant-table-row').filter({ hasText: text });
const toast = (on: Page, text: string) => on.locator('.ant-message').getByText(text).first().waitFor();

/** Clicks a batch's transition link and answers 确定 in the move's dialog (unless a first try of the test already did). */
async function transition(from: string, link: string, question: string, done: string): Promise<void> {
  const [batch] = await server.sql<{ state: string }>('SELECT state FROM xypj_batch WHERE id = $1', [batchId]);
  if (batch?.state !== from) return;
  await open(staff, '/xypj/batch');
  await row(staff, batchName).getByText(link, { exact: true }).click();
  const box = staff.locator('.ant-modal-content').filter({ hasText: question });
  await box.waitFor();
  await staff.waitForTimeout(400);
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect.poll(() => box.count()).toBe(0);
  await toast(staff, done);
}

/** A fresh signed-out browser page. */
const signedOut = async () => (await newPage(browser)).page;

async function checkCertificate(on: Page, certNo: string, company: string): Promise<string> {
  await on.goto(`${server.baseUrl}/xypj/checkzs?no=${encodeURIComponent(certNo)}`);
  const number = on.getByLabel('证书编号');
  await expect.poll(() => number.inputValue()).toBe(certNo);
  await on.getByLabel('企业名称或统一社会信用代码').fill(company);
  await on.getByRole('button', { name: /查\s*询/ }).click();
  const result = on.getByTestId('check-result').locator('.ant-result-title');
  await result.waitFor();
  return (await result.textContent()) ?? '';
}

describe("publication of this year's batch", () => {
  let certNo = '';

  it('开始公示 shows the results on the public result list, signed out, with the objection window', async () => {
    await transition('reviewing', '开始公示', '转入公示', '批次已变更为「公示中」');
    const visitor = await signedOut();
    await visitor.goto(`${server.baseUrl}/xypj/resultlist`);
    await row(visitor, DEMO_COMPANY).waitFor();
    await visitor.getByText(`${batchName.replace(/评价$/, '')}评价结果公示中`).waitFor();
    await visitor.getByText(`${year}-12-01 至 ${year}-12-10`, { exact: false }).waitFor();
    expect(await row(visitor, DEMO_COMPANY).textContent()).toContain('公示期满后颁发');
    await visitor.getByPlaceholder('企业名称或统一社会信用代码').fill('演示监理');
    await visitor.getByPlaceholder('企业名称或统一社会信用代码').press('Enter');
    await expect.poll(() => visitor.locator('tr.ant-table-row').count()).toBe(1);
    await keepScreenshot(visitor, 'xypj-publication-resultlist-publicity');
    expect(visitor.url()).toContain('/xypj/resultlist');
  }, 60_000);

  it('发布结果 issues numbered certificates; the company downloads its own, whose text and QR code are right', async () => {
    // the publicity window has ended
    await server.sql(
      "UPDATE xypj_batch SET publicity_start = (now() at time zone 'Asia/Shanghai')::date - 10, publicity_end = (now() at time zone 'Asia/Shanghai')::date - 1 WHERE id = $1 AND state = 'publicity'",
      [batchId],
    );
    await transition('publicity', '发布结果', '发布', '批次已变更为「已发布」');
    const certs = await server.sql<{ cert_no: string; company_name: string; grade: string }>(
      'SELECT cert_no, company_name, grade FROM xypj_certificate WHERE batch_id = $1 ORDER BY cert_no',
      [batchId],
    );
    expect(certs.map((c) => c.cert_no)).toEqual(certs.map((_, i) => `XYPJ-${year}-${String(i + 1).padStart(5, '0')}`));
    const own = certs.find((c) => c.company_name === DEMO_COMPANY)!;
    certNo = own.cert_no;

    await open(staff, '/xypj/result');
    await row(staff, certNo).waitFor();
    await keepScreenshot(staff, 'xypj-publication-results');
    const visitor = await signedOut();
    await visitor.goto(`${server.baseUrl}/xypj/resultlist`);
    await row(visitor, certNo).getByText(DEMO_COMPANY).waitFor();
    await visitor.getByText(`${batchName.replace(/评价$/, '')}评价结果已发布`).waitFor();

    const company = (await newPage(browser)).page;
    await signIn(company, server, 'company', DEMO_PASSWORD);
    await company.waitForURL('**/dashboard/analysis');
    await open(company, '/xypj/history');
    await row(company, certNo).waitFor();
    await keepScreenshot(company, 'xypj-publication-history');
    const [download] = await Promise.all([company.waitForEvent('download'), row(company, certNo).getByText('下载证书').click()]);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const reader = (await newPage(browser, { width: 1300, height: 1800 })).page;
    const rendered = await renderPdf(reader, pdf, 2);
    expect(rendered.text).toContain(certNo);
    expect(rendered.text).toContain(DEMO_COMPANY);
    expect(rendered.text).toContain(own.grade);
    const qr = jsQR(rendered.rgba, rendered.width, rendered.height);
    expect(qr?.data).toBe(`${server.baseUrl}/xypj/checkzs?no=${certNo}`);
    const dir = path.resolve('tests/.artifacts');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'xypj-publication-certificate.png'), rendered.png);

    await open(company, '/xypj/myCertificate');
    await row(company, certNo).waitFor();
    await keepScreenshot(company, 'xypj-publication-my-certificates');
  }, 90_000);

  it('the check page answers 有效; after staff revoke with a reason, 已撤销', async () => {
    const visitor = await signedOut();
    expect(await checkCertificate(visitor, certNo, DEMO_COMPANY)).toBe('有效');
    await keepScreenshot(visitor, 'xypj-publication-check-valid');
    expect(await checkCertificate(visitor, certNo, '遵义建设工程监理有限公司')).toBe('未找到');

    await open(staff, '/xypj/certificate');
    await row(staff, certNo).getByText('撤销', { exact: true }).click();
    const dialog = staff.locator('.ant-modal-content').filter({ has: staff.locator('.ant-modal-title', { hasText: '撤销证书' }) });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入撤销原因').waitFor();
    await dialog.locator('textarea').fill('经核查存在严重不良行为');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast(staff, `证书${certNo}已撤销`);
    await row(staff, certNo).getByText('已撤销').waitFor();
    await keepScreenshot(staff, 'xypj-publication-certificates');

    expect(await checkCertificate(visitor, certNo, DEMO_COMPANY)).toBe('已撤销');
    // the public pages open for a signed-in user too, without sending them elsewhere
    expect(await checkCertificate(staff, certNo, DEMO_COMPANY)).toBe('已撤销');
    await staff.goto(`${server.baseUrl}/xypj/resultlist`);
    await row(staff, certNo).waitFor();
    expect(new URL(staff.url()).pathname).toBe('/xypj/resultlist');
  }, 60_000);
});

describe('platform push', () => {
  it('a pushed sign-in lands the company on the home page; a pushed sign-out ends the session and says so', async () => {
    const [co] = await server.sql<{ credit_code: string }>("SELECT credit_code FROM xypj_company WHERE id = 'xypj_company_001'");
    const data = Buffer.from(JSON.stringify({ dwcode: co!.credit_code, ts: Date.now(), nonce: `browser${Date.now()}` })).toString(
      'base64url',
    );
    const datakey = createHmac('sha256', PUSH_KEY).update(data).digest('hex');
    const page = await signedOut();
    await page.goto(`${server.baseUrl}/xypj/reloginpush?data=${data}&datakey=${datakey}`);
    await page.waitForURL('**/dashboard/analysis');
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => /token/i.test(k)))).toBe(true);

    await page.goto(`${server.baseUrl}/xypj/loginoutpush`);
    await page.getByText('您已退出登录').waitFor();
    await keepScreenshot(page, 'xypj-publication-push-signed-out');
    await page.goto(`${server.baseUrl}/xypj/history`);
    await page.waitForURL('**/user/login**');

    await page.goto(`${server.baseUrl}/xypj/reloginpush?data=${data}&datakey=${datakey}`);
    await page.getByText('推送登录请求已使用，请从平台重新进入').waitFor();
    await page.goto(`${server.baseUrl}/xypj/reloginpush?data=${data}&datakey=${'0'.repeat(64)}`);
    await page.getByText('推送登录签名校验失败').waitFor();
    await keepScreenshot(page, 'xypj-publication-push-refused');
  }, 60_000);
});
