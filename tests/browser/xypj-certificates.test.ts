/**
 * Certificates users can trust: 证书管理 and 我的证书 save the certificate as XYPJ-….pdf; 印章设置 takes a seal image;
 * revoking a certificate marks it 已撤销 on the public result list, which after publication shows the publication
 * date; 评价结果 详情 shows names; the public pages fit a 390 px phone without sideways scrolling.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sealPng } from '../server/support/pdf-signature';
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

let server: RunningServer;
let browser: Browser;
let staff: Page;
let lastYearBatch: { id: string; name: string; year: number };

beforeAll(async () => {
  server = await startServer();
  [lastYearBatch] = (await server.sql<{ id: string; name: string; year: number }>(
    "SELECT id, name, year FROM xypj_batch WHERE state = 'published' ORDER BY year DESC LIMIT 1",
  )) as [{ id: string; name: string; year: number }];
  browser = await launchBrowser();
  staff = (await newPage(browser)).page;
  await signIn(staff, server, 'staff', DEMO_PASSWORD);
  await chooseTenantAndDepartment(staff);
  await staff.waitForURL('**/dashboard/analysis');
}, 120_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    if (staff) await keepScreenshot(staff, `xypj-certificates-failed-${ctx.task.name.slice(0, 30)}`);
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

/** Narrows a certificate list to one number through its query form (the list pages 10 at a time). */
async function findCertificate(on: Page, certNo: string): Promise<Locator> {
  await on.getByPlaceholder('请输入证书编号').fill(certNo);
  await on
    .getByRole('button', { name: /查\s*询/ })
    .first()
    .click();
  await expect.poll(() => on.locator('tr.ant-table-row').count()).toBe(1);
  return row(on, certNo);
}

async function downloadName(on: Page, certNo: string): Promise<string> {
  const [download] = await Promise.all([on.waitForEvent('download'), row(on, certNo).getByText('下载证书').click()]);
  return download.suggestedFilename();
}

describe('certificates', () => {
  it('证书管理 and 我的证书 save the certificate as XYPJ-….pdf', async () => {
    const [own] = await server.sql<{ cert_no: string }>(
      "SELECT cert_no FROM xypj_certificate WHERE company_id = 'xypj_company_001' AND batch_id = $1",
      [lastYearBatch.id],
    );
    await open(staff, '/xypj/certificate');
    await findCertificate(staff, own!.cert_no);
    expect(await downloadName(staff, own!.cert_no)).toBe(`${own!.cert_no}.pdf`);
    expect(own!.cert_no).toMatch(/^XYPJ-\d{4}-\d{5}$/);

    const company = (await newPage(browser)).page;
    await signIn(company, server, 'company', DEMO_PASSWORD);
    await company.waitForURL('**/dashboard/analysis');
    await open(company, '/xypj/myCertificate');
    expect(await downloadName(company, own!.cert_no)).toBe(`${own!.cert_no}.pdf`);
    // 我的证书 asks only what tells one's own certificates apart
    const query = (await company.locator('.renderer-query').textContent()) ?? '';
    for (const asked of ['证书编号', '评价批次', '状态']) expect(query).toContain(asked);
    for (const meaningless of ['企业名称', '统一社会信用代码', '所属企业', '评价结果', '撤销原因', '展开'])
      expect(query).not.toContain(meaningless);
    await keepScreenshot(company, 'xypj-certificates-my-certificates');
  }, 90_000);

  it('印章设置 takes a PNG seal and shows it', async () => {
    await open(staff, '/xypj/certificate');
    await staff.getByRole('button', { name: '印章设置' }).click();
    const dialog = staff.locator('.ant-modal-content').filter({ hasText: '证书印章设置' });
    await dialog.getByText('尚未设置印章').waitFor();
    await dialog.locator('input[type=file]').setInputFiles({ name: '协会印章.png', mimeType: 'image/png', buffer: sealPng() });
    await staff.locator('.ant-message').getByText('印章已保存，之后下载的证书将加盖此印章').waitFor();
    await dialog.getByRole('img', { name: '印章 协会印章.png' }).waitFor();
    await keepScreenshot(staff, 'xypj-certificates-seal');
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
  }, 60_000);

  it('评价结果 详情 shows the batch by name and no database ids', async () => {
    await open(staff, '/xypj/result');
    await row(staff, lastYearBatch.name).first().getByText('详情').click();
    const dialog = staff.locator('.ant-modal-content').last();
    await dialog.getByText('最终得分').waitFor();
    await expect.poll(async () => (await dialog.textContent()) ?? '').toContain(lastYearBatch.name);
    const text = (await dialog.textContent()) ?? '';
    expect(text).not.toMatch(/xypj_(company|app|result|batch)_|[0-9a-f]{32}/);
    await keepScreenshot(staff, 'xypj-certificates-result-detail');
  }, 60_000);

  it('revoking a certificate marks it 已撤销 on the public result list, which shows the publication date', async () => {
    const [cert] = await server.sql<{ cert_no: string; company_name: string }>(
      "SELECT cert_no, company_name FROM xypj_certificate WHERE batch_id = $1 AND status = 'valid' ORDER BY cert_no LIMIT 1",
      [lastYearBatch.id],
    );
    const visitor = (await newPage(browser)).page;
    const publicRow = async () => {
      await visitor.goto(`${server.baseUrl}/xypj/resultlist`);
      const r = row(visitor, cert!.cert_no);
      await r.waitFor();
      return r;
    };
    expect(await (await publicRow()).textContent()).not.toContain('已撤销');
    await visitor.getByText(`${lastYearBatch.name.replace(/评价$/, '')}评价结果已发布`, { exact: true }).waitFor();
    await visitor.getByText(`发布日期：${lastYearBatch.year}-07-20`).waitFor();
    expect(await visitor.getByText('公示期：').count()).toBe(0);

    await open(staff, '/xypj/certificate');
    await (await findCertificate(staff, cert!.cert_no)).getByText('撤销', { exact: true }).click();
    const dialog = staff.locator('.ant-modal-content').filter({ has: staff.locator('.ant-modal-title', { hasText: '撤销证书' }) });
    await dialog.locator('textarea').fill('公示后发现申报材料不实');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await staff.locator('.ant-message').getByText(`证书${cert!.cert_no}已撤销`).waitFor();

    const revoked = await publicRow();
    await revoked.getByTestId('cert-state').getByText('已撤销').waitFor();
    await keepScreenshot(visitor, 'xypj-certificates-public-revoked');
  }, 60_000);
});

describe('public pages on a 390 px phone', () => {
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it('/xypj/resultlist and /xypj/checkzs fit without sideways scrolling', async () => {
    const phone = (await newPage(browser, { width: 390, height: 844 })).page;
    await phone.goto(`${server.baseUrl}/xypj/resultlist`);
    await phone.getByText('证书编号：').first().waitFor();
    await phone.waitForLoadState('networkidle');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await phone.getByText('已撤销').first().waitFor();
    await keepScreenshot(phone, 'xypj-certificates-resultlist-390');

    await phone.goto(`${server.baseUrl}/xypj/checkzs?no=XYPJ-2025-00001`);
    await phone.getByLabel('企业名称或统一社会信用代码').fill('演示监理企业有限公司');
    await phone.getByRole('button', { name: /查\s*询/ }).click();
    await phone.getByTestId('check-result').waitFor();
    await phone.waitForLoadState('networkidle');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await keepScreenshot(phone, 'xypj-certificates-checkzs-390');
  }, 60_000);
});
