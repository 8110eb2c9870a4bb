/**
 * Credit evaluation, the staff's review work and the expert's profile: the home page counts, 形式审查
 * (snapshot and materials, 受理, 退回 with a reason), 专家材料 审核, and 个人资料 of the expert.
 */
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

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signIn(page, server, 'staff', DEMO_PASSWORD);
  await chooseTenantAndDepartment(page);
  await page.waitForURL('**/dashboard/analysis');
}, 90_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    if (page) await keepScreenshot(page, `xypj-review-failed-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string, on: Page = page): Promise<void> {
  await on.goto(`${server.baseUrl}${path}`);
  await on.locator('.ant-table').first().waitFor();
  await on.waitForLoadState('networkidle');
}

const rows = (on: Page = page): Locator => on.locator('tr.ant-table-row');
const row = (text: string, on: Page = page): Locator => rows(on).filter({ has: on.getByText(text, { exact: true }) });
const toast = (text: string, on: Page = page) => on.locator('.ant-message').getByText(text).first().waitFor();
const okButton = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });
const confirmBox = (text: string) => page.locator('.ant-modal-confirm').filter({ hasText: text });

/** Answers 确定 in the confirmation asking `text`, once its opening animation is over, and waits for it to close. */
async function confirm(text: string): Promise<void> {
  const box = confirmBox(text);
  await box.waitFor();
  await page.waitForTimeout(400);
  await okButton(box).click();
  await expect.poll(() => box.count()).toBe(0);
}
const dialog = (title: string, on: Page = page) =>
  on.locator('.ant-modal-content').filter({ has: on.locator('.ant-modal-title', { hasText: title }) });

describe('首页', () => {
  it('shows the staff the companies and the current batch applications, each tile opening its list', async () => {
    const [{ n: registered }] = (await server.sql<{ n: number }>('SELECT count(*)::int AS n FROM xypj_company')) as [{ n: number }];
    const [{ n: submitted }] = (await server.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM xypj_application a JOIN xypj_batch b ON b.id = a.batch_id WHERE b.state = 'open' AND a.state = 'submitted'",
    )) as [{ n: number }];
    await page.goto(`${server.baseUrl}/dashboard/analysis`);
    const tile = (key: string) => page.locator(`a[data-tile="${key}"]`);
    await tile('registered').waitFor();
    await expect.poll(() => tile('registered').textContent()).toBe(`注册企业${registered}`);
    await expect.poll(() => tile('submitted').textContent()).toBe(`申报已提交${submitted}`);
    expect(await page.getByText('年度监理企业信用评价 申报情况').count()).toBe(1);
    await keepScreenshot(page, 'xypj-dashboard');
    await tile('submitted').click();
    await page.waitForURL('**/xypj/formalReview');
    await page.locator('.ant-table').first().waitFor();
  });
});

describe('形式审查', () => {
  it('lists the submitted applications; the snapshot opens; 退回 asks a reason and 受理 confirms', async () => {
    const submitted = await server.sql<{ id: string; company_name: string }>(
      "SELECT id, company_name FROM xypj_application WHERE state = 'submitted' ORDER BY company_name",
    );
    expect(submitted.length).toBeGreaterThan(1);
    await open('/xypj/formalReview');
    await expect.poll(() => rows().count()).toBe(submitted.length);
    for (const text of await rows().allTextContents()) expect(text).toContain('已提交');

    const [first, second] = submitted as [{ id: string; company_name: string }, { id: string; company_name: string }];
    await row(first.company_name).getByText('查看申报', { exact: true }).click();
    const review = dialog(`查看申报：${first.company_name}`);
    await review.getByText('统一社会信用代码').waitFor();
    expect(await review.textContent()).toContain(first.company_name);
    await keepScreenshot(page, 'xypj-review-snapshot');
    await review.getByRole('tab', { name: '申报材料' }).click();
    await review.getByText('申报材料.pdf').waitFor();
    await keepScreenshot(page, 'xypj-review-materials');
    await review.locator('.ant-modal-close').click();

    await row(first.company_name).getByText('退回', { exact: true }).click();
    const back = dialog('退回申报');
    await okButton(back).click();
    await back.getByText('请输入退回原因').waitFor();
    await back.locator('textarea').fill('申报材料缺少财务审计报告');
    await okButton(back).click();
    await toast('已退回');
    await expect.poll(() => row(first.company_name).count()).toBe(0);
    const [returned] = await server.sql<{ state: string; return_reason: string }>(
      'SELECT state, return_reason FROM xypj_application WHERE id = $1',
      [first.id],
    );
    expect(returned).toEqual({ state: 'returned', return_reason: '申报材料缺少财务审计报告' });

    await row(second.company_name).getByText('受理', { exact: true }).click();
    await confirm(`确定受理“${second.company_name}”的申报吗？`);
    await toast('已受理');
    await expect.poll(() => row(second.company_name).count()).toBe(0);
    const [accepted] = await server.sql<{ state: string }>('SELECT state FROM xypj_application WHERE id = $1', [second.id]);
    expect(accepted!.state).toBe('accepted');
  });
});

describe('专家管理', () => {
  it('lists the experts and finds one by part of the name', async () => {
    await open('/xypj/expert');
    await page.getByPlaceholder('请输入姓名').first().fill('评审');
    await page
      .locator('.renderer-query')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect.poll(() => rows().count()).toBe(1);
    const expert = row('评审专家');
    expect(await expert.textContent()).toContain('启用');
    expect(await expert.textContent()).toContain('expert');
    await keepScreenshot(page, 'xypj-expert-list');
  });
});

describe('专家材料', () => {
  it('不通过 needs an opinion; 通过 confirms', async () => {
    const [material] = await server.sql<{ id: string; name: string; title: string }>(
      "SELECT m.id, e.name, m.title FROM xypj_expert_material m JOIN xypj_expert e ON e.id = m.expert_id WHERE m.check_state = '0' ORDER BY e.name LIMIT 1",
    );
    await open('/xypj/expertMaterial');
    await page.locator('.renderer-query .ant-select').filter({ hasText: '请选择专家' }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(material!.name).click();
    await page
      .locator('.renderer-query')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    const target = rows().filter({ hasText: material!.name }).filter({ hasText: material!.title });
    await target.waitFor();
    expect(await target.textContent()).toContain('待审核');

    await target.getByText('不通过', { exact: true }).click();
    const fail = dialog('材料审核不通过');
    await okButton(fail).click();
    await fail.getByText('请输入审核意见').waitFor();
    await fail.locator('textarea').fill('证书扫描件不清晰');
    await okButton(fail).click();
    await toast('已设为未通过');
    await expect.poll(() => target.textContent()).toContain('证书扫描件不清晰');
    expect(await target.textContent()).toContain('未通过');

    await target.getByText('通过', { exact: true }).click();
    await confirm('审核通过吗');
    await toast('已设为已通过');
    await expect.poll(() => target.textContent()).toContain('已通过');
    await keepScreenshot(page, 'xypj-expert-materials');
    const [checked] = await server.sql<{ check_state: string }>('SELECT check_state FROM xypj_expert_material WHERE id = $1', [
      material!.id,
    ]);
    expect(checked!.check_state).toBe('1');
  });
});

describe('专家材料 of the expert', () => {
  it('an expert adds a material without choosing an expert; it is saved as their own, 待审核', async () => {
    const expert = (await newPage(browser)).page;
    try {
      await signIn(expert, server, 'expert', DEMO_PASSWORD);
      await expert.waitForURL('**/dashboard/analysis');
      await open('/xypj/expertMaterial', expert);
      await rows(expert).first().waitFor();
      expect(await expert.locator('.ant-table-thead').textContent()).not.toContain('专家');
      expect(await expert.locator('.renderer-query').textContent()).not.toContain('专家');
      await expert.getByRole('button', { name: /新\s*增/ }).click();
      const form = dialog('新增', expert);
      await form.getByPlaceholder('请输入材料名称').waitFor();
      expect(await form.textContent()).not.toContain('请选择专家');
      await form.locator('.ant-select').filter({ hasText: '请选择材料类型' }).click();
      await expert.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('其他材料').click();
      await form.getByPlaceholder('请输入材料名称').fill('继续教育证明');
      await keepScreenshot(expert, 'xypj-expert-material-add');
      await okButton(form).click();
      await toast('添加成功！', expert);
      await row('继续教育证明', expert).waitFor();
      const [saved] = await server.sql<{ username: string; check_state: string }>(
        "SELECT e.username, m.check_state FROM xypj_expert_material m JOIN xypj_expert e ON e.id = m.expert_id WHERE m.title = '继续教育证明'",
      );
      expect(saved).toEqual({ username: 'expert', check_state: '0' });
    } catch (error) {
      await keepScreenshot(expert, 'xypj-expert-material-failed');
      throw error;
    } finally {
      await expert.close();
    }
  });
});

describe('个人资料', () => {
  it('the expert edits their own profile (a form, not a one-row list) with their materials in the grid', async () => {
    const expert = (await newPage(browser)).page;
    try {
      await signIn(expert, server, 'expert', DEMO_PASSWORD);
      await expert.waitForURL('**/dashboard/analysis');
      await expert.locator('.ant-menu').getByText('信用评价').click();
      const menu = expert.locator('.ant-menu-root');
      await expect.poll(() => menu.textContent()).toContain('个人资料');
      expect(await menu.textContent()).toContain('专家材料');
      expect(await menu.textContent()).not.toContain('企业管理');
      await expert.goto(`${server.baseUrl}/xypj/expertProfile`);
      await expect.poll(() => expert.getByPlaceholder('请输入姓名').inputValue(), { timeout: 15_000 }).toBe('评审专家');
      expect(await rows(expert).count()).toBe(0);
      await expert.getByText('职称证书').first().waitFor();
      await expert.getByPlaceholder('请输入工作单位').fill('省建设工程质量安全监督总站');
      await keepScreenshot(expert, 'xypj-expert-profile');
      await expert.getByRole('button', { name: /保\s*存/ }).click();
      await toast('编辑成功!', expert);
      const [saved] = await server.sql<{ work_unit: string }>("SELECT work_unit FROM xypj_expert WHERE username = 'expert'");
      expect(saved!.work_unit).toBe('省建设工程质量安全监督总站');
    } catch (error) {
      await keepScreenshot(expert, 'xypj-expert-profile-failed');
      throw error;
    } finally {
      await expert.close();
    }
  });
});
