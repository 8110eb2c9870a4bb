/**
 * Evidence in 单位信息: the company fills its unit information (a form, not a one-row list) with a business
 * licence, an area picked in the cascader and a file in each evidence sub-form, after an application without
 * a licence was refused; staff in 形式审查 and an expert in 评审打分 open the files in the viewer beside the sheet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FILES_DIR } from '../../server/modules/xypj/seed-files';
import {
  DEMO_PASSWORD,
  chooseTenantAndDepartment,
  keepScreenshot,
  launchBrowser,
  newPage,
  signIn,
  startServer,
  type RunningServer,
} from './harness';

let server: RunningServer;
let browser: Browser;

const COMPANY_NAME = '演示监理企业有限公司';
/** A real PDF (one of the demo files), so the viewer renders it. */
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: readFileSync(join(DEMO_FILES_DIR, '营业执照.pdf')) });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signs in as `username` in a page of its own, runs `work`, closes the page (a screenshot when it fails). */
async function as(username: string, work: (on: Page) => Promise<void>, staff = false): Promise<void> {
  const on = (await newPage(browser)).page;
  try {
    await signIn(on, server, username, DEMO_PASSWORD);
    if (staff) await chooseTenantAndDepartment(on);
    await on.waitForURL('**/dashboard/analysis');
    await work(on);
  } catch (error) {
    await keepScreenshot(on, `xypj-evidence-${username}-failed`);
    throw error;
  } finally {
    await on.close();
  }
}

const message = (on: Page, text: string) => on.locator('.ant-message').getByText(text).first().waitFor();
const dialog = (on: Page, title: string) =>
  on.locator('.ant-modal-content').filter({ has: on.locator('.ant-modal-title', { hasText: title }) });
const activeGrid = (on: Page) => on.locator('.ant-tabs-tabpane-active .eg');
const lastRow = (on: Page) => activeGrid(on).locator('[data-row-id]').last();

async function submitDraft(on: Page): Promise<void> {
  await on.goto(`${server.baseUrl}/xypj/application`);
  const row = on.locator('.ant-table-row', { hasText: '草稿' }).first();
  await row.getByText('提交', { exact: true }).click();
  const box = on.locator('.ant-modal-confirm');
  await box.waitFor();
  await on.waitForTimeout(400);
  await box.getByRole('button', { name: /确\s*定/ }).click();
}

async function typeCell(on: Page, key: string, text: string): Promise<void> {
  const cell = lastRow(on).locator(`[role="gridcell"][data-key="${key}"]`);
  await cell.click();
  const input = cell.locator('input');
  await input.fill(text);
  await input.press('Enter');
}

/** A new row in the sub-form `tab` with its text cells and an evidence file in the `fileKey` cell. */
async function addRowWithFile(on: Page, tab: string, cells: Array<[string, string]>, fileKey: string, file: string): Promise<void> {
  await on.getByRole('tab', { name: tab }).click();
  await activeGrid(on).getByRole('button', { name: /新增$/ }).click();
  for (const [key, text] of cells) await typeCell(on, key, text);
  const uploaded = on.waitForResponse((res) => res.url().includes('/sys/common/upload'));
  await lastRow(on).locator(`[data-key="${fileKey}"] input[type="file"]`).setInputFiles(pdf(file));
  expect((await (await uploaded).json()).success).toBe(true);
  await lastRow(on).locator(`[data-key="${fileKey}"]`).getByText(file.slice(0, 4)).waitFor();
}

/** The viewer beside the sheet shows `label`'s PDF as wide as its box. */
async function viewerShows(scope: Locator, label: string): Promise<void> {
  await scope.getByLabel(`正在查看：${label}`).waitFor();
  const canvas = scope.getByLabel(`正在查看：${label}`).getByLabel('PDF页面');
  await expect.poll(() => canvas.getAttribute('data-fit')).toBe('width');
  await expect
    .poll(() => canvas.evaluate((c) => Math.abs((c as HTMLCanvasElement).width - (c.parentElement as HTMLElement).clientWidth)))
    .toBeLessThanOrEqual(2);
}

describe('单位信息 evidence', () => {
  it('applying without a licence is refused; the company adds its licence, area and a file in each evidence sub-form, then applies', async () => {
    await server.sql("UPDATE xypj_company SET license_file = NULL WHERE username = 'company'");
    await as('company', async (on) => {
      await submitDraft(on);
      await message(on, '请先在单位信息中上传营业执照');

      await on.goto(`${server.baseUrl}/xypj/unitInfo`);
      await expect.poll(() => on.getByPlaceholder('请输入企业名称').inputValue(), { timeout: 15_000 }).toBe(COMPANY_NAME);
      expect(await on.locator('.ant-table-row').count()).toBe(0);
      const licence = on.locator('.ant-formily-item').filter({ hasText: '营业执照' });
      await licence.getByText('支持PDF、JPG、JPEG、PNG格式，单个文件不超过10MB').waitFor();
      await licence
        .locator('input[type="file"]')
        .setInputFiles({ name: '说明.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
      await message(on, '请上传.pdf,.jpg,.jpeg,.png格式的文件');
      const uploaded = on.waitForResponse((res) => res.url().includes('/sys/common/upload'));
      await licence.locator('input[type="file"]').setInputFiles(pdf('营业执照.pdf'));
      expect((await (await uploaded).json()).success).toBe(true);
      await licence.getByText('营业执照.pdf').waitFor();

      const area = on.locator('.ant-formily-item').filter({ hasText: '所在地区' });
      await area.locator('.ant-cascader').click();
      for (const name of ['贵州省', '贵阳市', '观山湖区']) await on.locator('.ant-cascader-menu-item', { hasText: name }).first().click();
      await area.locator('.ant-select-selection-item', { hasText: '贵州省 / 贵阳市 / 观山湖区' }).waitFor();

      await addRowWithFile(
        on,
        '注册监理工程师',
        [
          ['name', '赵工'],
          ['idCard', '11010519491231002X'],
        ],
        'certFile',
        '注册证书.pdf',
      );
      await addRowWithFile(on, '监理项目', [['name', '观山湖大桥监理']], 'proofFile', '业绩证明.pdf');
      await addRowWithFile(on, '获奖情况', [['name', '黄果树杯优质工程']], 'file', '获奖证书.pdf');
      await keepScreenshot(on, 'xypj-evidence-unit-info');
      await on.getByRole('button', { name: /保\s*存/ }).click();
      await message(on, '编辑成功!');

      const [company] = await server.sql<{ id: string; license_file: string; area_code: string }>(
        "SELECT id, license_file, area_code FROM xypj_company WHERE username = 'company'",
      );
      expect(company!.license_file).toMatch(/\.pdf$/);
      expect(company!.area_code).toBe('520115');
      for (const [table, column, name] of [
        ['xypj_engineer', 'cert_file', '赵工'],
        ['xypj_project', 'proof_file', '观山湖大桥监理'],
        ['xypj_award', 'file', '黄果树杯优质工程'],
      ]) {
        const rows = await server.sql<{ path: string }>(`SELECT ${column} AS path FROM ${table} WHERE company_id = $1 AND name = $2`, [
          company!.id,
          name,
        ]);
        expect(rows[0]?.path, table).toMatch(/\.pdf$/);
      }

      await submitDraft(on);
      await on.locator('.ant-message').getByText('申报已提交').or(on.locator('.ant-message').getByText('提交成功')).first().waitFor();
      const [application] = await server.sql<{ state: string; snapshot: string }>(
        'SELECT state, snapshot FROM xypj_application WHERE company_id = $1 AND state = $2',
        [company!.id, 'submitted'],
      );
      expect(JSON.parse(application!.snapshot)).toMatchObject({ areaCode: '520115', licenseFile: company!.license_file });
    });
  }, 150_000);

  it('staff in 形式审查 open the licence and each evidence file in the viewer beside the snapshot', async () => {
    await as(
      'staff',
      async (on) => {
        await on.goto(`${server.baseUrl}/xypj/formalReview`);
        await on.locator('.ant-table-row', { hasText: COMPANY_NAME }).getByText('查看申报', { exact: true }).click();
        const review = dialog(on, `查看申报：${COMPANY_NAME}`);
        await review.getByText('贵州省/贵阳市/观山湖区').waitFor();
        await viewerShows(review, '营业执照');
        await review.getByText('注册证书.pdf').click();
        await viewerShows(review, '注册监理工程师·赵工·证书文件');
        await review.getByLabel('证明文件列表').getByText('获奖情况·黄果树杯优质工程·证明文件').click();
        await viewerShows(review, '获奖情况·黄果树杯优质工程·证明文件');
        await keepScreenshot(on, 'xypj-evidence-formal-review');
      },
      true,
    );
  }, 90_000);

  it('an expert in 评审打分 opens the evidence of the sheet beside it', async () => {
    const [target] = await server.sql<{ company_name: string }>(
      "SELECT a.company_name FROM xypj_score_sheet s JOIN xypj_expert e ON e.id = s.expert_id JOIN xypj_application a ON a.id = s.application_id WHERE e.username = 'expert' AND s.state = 'draft' ORDER BY a.company_name LIMIT 1",
    );
    await as('expert', async (on) => {
      await on.goto(`${server.baseUrl}/xypj/scoring`);
      await on.locator('.ant-table-row', { hasText: target!.company_name }).getByText('打分', { exact: true }).click();
      const sheet = dialog(on, `评分表：${target!.company_name}`);
      await sheet.getByText('营业执照.pdf').first().click();
      await viewerShows(sheet, '营业执照');
      await sheet
        .getByLabel('证明文件列表')
        .getByText(/^注册监理工程师·/)
        .first()
        .click();
      await sheet.getByLabel(/正在查看：注册监理工程师·/).waitFor();
      await keepScreenshot(on, 'xypj-evidence-score-sheet');
    });
  }, 90_000);
});
