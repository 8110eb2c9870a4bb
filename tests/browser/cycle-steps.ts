/** The company's and the experts' steps of the whole-year browser test (evaluation-cycle.test.ts). */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { keepScreenshot, type RunningServer } from './harness';

export interface Company {
  name: string;
  creditCode: string;
  contact: string;
  mobile: string;
  email: string;
  username: string;
  password: string;
}

/** Registers `company` on the register page, first trying a wrong check digit, a taken user name and a weak password. */
export async function registerCompany(page: Page, server: RunningServer, company: Company): Promise<void> {
  await page.goto(`${server.baseUrl}/user/login`);
  await page.getByRole('link', { name: /注册/ }).click();
  await page.waitForURL('**/user/register');
  await page.getByPlaceholder('请输入企业名称').fill(company.name);
  await page.getByPlaceholder('请输入18位统一社会信用代码').fill('91350100M000100Y44');
  await page.getByPlaceholder('请输入联系人').click();
  await page.getByText('统一社会信用代码校验位不正确').waitFor();
  await page.getByPlaceholder('请输入18位统一社会信用代码').fill(company.creditCode);
  await page.getByPlaceholder('请输入联系人').fill(company.contact);
  await page.getByPlaceholder('请输入用户名').fill('company');
  await page.getByPlaceholder('请输入手机号').click();
  await page.getByText('用户名已存在!').waitFor();
  await page.getByPlaceholder('请输入用户名').fill(company.username);
  await page.getByPlaceholder('请输入手机号').fill(company.mobile);
  const smsRequest = page.waitForRequest((req) => req.url().endsWith('/sys/sms'));
  await page.getByRole('button', { name: '获取验证码' }).click();
  expect((await smsRequest).postDataJSON()).toEqual({ mobile: company.mobile, smsmode: '1' });
  await page.getByRole('button', { name: /\d+ s/ }).waitFor();
  await expect.poll(async () => (await server.sql('SELECT 1 FROM sys_sms_outbox WHERE mobile = $1', [company.mobile])).length).toBe(1);
  const [sent] = await server.sql<{ content: string }>(
    'SELECT content FROM sys_sms_outbox WHERE mobile = $1 ORDER BY create_time DESC LIMIT 1',
    [company.mobile],
  );
  await page.getByPlaceholder('请输入短信验证码').fill(/(\d{6})/.exec(sent!.content)?.[1] ?? '');
  await page.getByPlaceholder('至少8位，含字母、数字和特殊符号').fill('weakpass');
  await page.getByPlaceholder('请再次输入密码').fill('other');
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await page.getByText('密码由8位数字、大小写字母和特殊符号组成!').waitFor();
  await page.getByText('两次输入的密码不一致').waitFor();
  await page.getByPlaceholder('至少8位，含字母、数字和特殊符号').fill(company.password);
  await page.getByPlaceholder('请再次输入密码').fill(company.password);
  await keepScreenshot(page, 'cycle-register-form');
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await page.waitForURL('**/user/register-result');
  await page.getByText('注册申请已提交').waitFor();
  await page.getByText(company.creditCode).waitFor();
  const summary = await page.locator('.ant-descriptions').boundingBox();
  const panel = await page.locator('.ant-result-content').boundingBox();
  expect(summary!.x).toBeGreaterThanOrEqual(panel!.x);
  expect(summary!.x + summary!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
  await keepScreenshot(page, 'cycle-register-result');
}

const activeGrid = (page: Page) => page.locator('.ant-tabs-tabpane-active .eg');
const lastRow = (page: Page) => activeGrid(page).locator('[data-row-id]').last();

/** A text cell gets the text; a date cell (text 'today') gets today's date from its picker. */
async function typeCell(page: Page, key: string, text: string): Promise<void> {
  const target = lastRow(page).locator(`[role="gridcell"][data-key="${key}"]`);
  await target.click();
  if (text === 'today') {
    await page
      .locator('.ant-picker-dropdown:visible .ant-picker-now-btn, .ant-picker-dropdown:visible .ant-picker-today-btn')
      .first()
      .click();
    return;
  }
  const input = target.locator('input');
  await input.fill(text);
  await input.press('Enter');
}

async function addRow(page: Page, tab: string, cells: Array<[string, string]>): Promise<void> {
  await page.getByRole('tab', { name: tab }).click();
  await activeGrid(page).getByRole('button', { name: /新增$/ }).click();
  for (const [key, text] of cells) await typeCell(page, key, text);
}

const pdfFile = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
});

/** Uploads `name` in the form item or grid cell `scope` and waits for the stored file. */
async function uploadIn(page: Page, scope: Locator, name: string): Promise<void> {
  const uploaded = page.waitForResponse((res) => res.url().includes('/sys/common/upload'));
  await scope.locator('input[type="file"]').setInputFiles(pdfFile(name));
  expect(((await (await uploaded).json()) as { success: boolean }).success).toBe(true);
  // the answer is in; the field or cell holds the stored path once it names the file (a busy page takes a moment)
  const shown = async () => (await scope.locator('[title$=".pdf"]').count()) + (await scope.getByText(name.replace(/\.pdf$/, '')).count());
  await expect.poll(shown).toBeGreaterThan(0);
}

/** 单位信息 is a form of the company's own record: licence, area and an evidence file in each evidence sub-form. */
export async function fillUnitInformation(page: Page, server: RunningServer, company: Company): Promise<void> {
  await page.goto(`${server.baseUrl}/xypj/unitInfo`);
  await expect.poll(() => page.getByPlaceholder('请输入企业名称').inputValue(), { timeout: 15_000 }).toBe(company.name);
  await page.getByPlaceholder('请输入法定代表人').fill('林建国');
  await page.getByPlaceholder('请输入电子邮箱').fill(company.email);
  await uploadIn(page, page.locator('.ant-formily-item').filter({ hasText: '营业执照' }), '营业执照.pdf');
  await page.locator('.ant-formily-item').filter({ hasText: '所在地区' }).locator('.ant-cascader').click();
  for (const name of ['福建省', '福州市', '鼓楼区']) await page.locator('.ant-cascader-menu-item', { hasText: name }).first().click();
  await addRow(page, '注册监理工程师', [
    ['name', '陈工'],
    ['idCard', '110105194912310021'],
  ]);
  await uploadIn(page, lastRow(page).locator('[data-key="certFile"]'), '注册证书.pdf');
  await addRow(page, '监理项目', [
    ['name', '闽江大桥监理'],
    ['startDate', 'today'],
    ['endDate', 'today'],
  ]);
  await uploadIn(page, lastRow(page).locator('[data-key="proofFile"]'), '业绩证明.pdf');
  await addRow(page, '获奖情况', [['name', '省优质工程奖']]);
  await uploadIn(page, lastRow(page).locator('[data-key="file"]'), '获奖证书.pdf');
  await addRow(page, '不良行为记录', [
    ['description', '资料归档不及时'],
    ['recordDate', 'today'],
    ['deduction', '2'],
  ]);
  await addRow(page, '财务状况', [
    ['year', '2024'],
    ['revenue', '1200'],
  ]);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByRole('tab', { name: '注册监理工程师' }).click();
  const idCardCell = lastRow(page).locator('[role="gridcell"][data-key="idCard"]');
  await expect.poll(() => idCardCell.getAttribute('class')).toContain('eg-td-error');
  await idCardCell.hover();
  await page.locator('.ant-tooltip:visible').getByText('身份证号校验位不正确').waitFor();
  await keepScreenshot(page, 'cycle-unit-info-bad-id');
  await typeCell(page, 'idCard', '11010519491231002X');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect
    .poll(
      async () =>
        (
          await server.sql('SELECT 1 FROM xypj_engineer e JOIN xypj_company c ON c.id = e.company_id WHERE c.credit_code = $1', [
            company.creditCode,
          ])
        ).length,
    )
    .toBe(1);
  for (const table of ['xypj_project', 'xypj_award', 'xypj_bad_record', 'xypj_finance']) {
    const rows = await server.sql(`SELECT 1 FROM ${table} t JOIN xypj_company c ON c.id = t.company_id WHERE c.credit_code = $1`, [
      company.creditCode,
    ]);
    expect(rows.length, table).toBe(1);
  }
  const unit = async () =>
    (
      await server.sql<{
        area_code: string;
        email: string;
        license_file: string | null;
        cert: string | null;
        proof: string | null;
        award: string | null;
      }>(
        `SELECT c.area_code, c.email, c.license_file, e.cert_file AS cert, p.proof_file AS proof, a.file AS award FROM xypj_company c
           JOIN xypj_engineer e ON e.company_id = c.id JOIN xypj_project p ON p.company_id = c.id JOIN xypj_award a ON a.company_id = c.id WHERE c.credit_code = $1`,
        [company.creditCode],
      )
    )[0]!;
  // the rows come before their files are all in under load: wait for every evidence path
  await expect
    .poll(async () =>
      Object.entries(await unit())
        .filter(([, v]) => v === null)
        .map(([k]) => k),
    )
    .toEqual([]);
  const saved = await unit();
  expect([saved.area_code, saved.email]).toEqual(['350102', company.email]);
  for (const path of [saved.license_file, saved.cert, saved.proof, saved.award]) expect(path).toMatch(/\.pdf$/);
  await keepScreenshot(page, 'cycle-unit-info');
}

async function confirmBox(on: Page, text: string): Promise<void> {
  const box = on.locator('.ant-modal-confirm').filter({ hasText: text });
  await box.waitFor();
  await on.waitForTimeout(400);
  await box.getByRole('button', { name: /确\s*定/ }).click();
  await expect.poll(() => box.count()).toBe(0);
}

/** The expert opens the company's sheet in 评审打分, scores every item `score`, saves and submits. */
export async function scoreSheet(on: Page, server: RunningServer, companyName: string, score: string, reason?: string): Promise<void> {
  await on.goto(`${server.baseUrl}/xypj/scoring`);
  const mine = on.locator('tr.ant-table-row').filter({ hasText: companyName });
  await mine.getByText('打分', { exact: true }).click();
  const sheet: Locator = on
    .locator('.ant-modal-content')
    .filter({ has: on.locator('.ant-modal-title', { hasText: `评分表：${companyName}` }) });
  if (reason) await sheet.getByText(`退回原因：${reason}`).waitFor();
  const inputs = sheet.locator('input.ant-input-number-input');
  await expect.poll(() => inputs.count()).toBe(8);
  for (let i = 0; i < 8; i++) await inputs.nth(i).fill(score);
  await expect.poll(() => sheet.locator('[data-total]').textContent()).toBe((Number(score) * 8).toFixed(1));
  await sheet.getByRole('button', { name: /保\s*存/ }).click();
  await on.locator('.ant-message').getByText('保存成功').first().waitFor();
  await sheet.getByRole('button', { name: /提\s*交/ }).click();
  await confirmBox(on, '确定提交评分表吗？');
  await on.locator('.ant-message').getByText('提交成功').first().waitFor();
}
