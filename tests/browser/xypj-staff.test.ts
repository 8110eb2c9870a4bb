/**
 * Credit evaluation, the staff's screens: 企业管理 state buttons, 评价批次 transitions and date ranges,
 * 评价标准 items in the editable grid with the server's sum-to-100 message.
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
import { moveBlockers, openMove } from './batch-moves';

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signIn(page, server, 'staff', DEMO_PASSWORD);
  await chooseTenantAndDepartment(page);
  await page.waitForURL('**/dashboard/analysis').catch(async (error: Error) => {
    await keepScreenshot(page, 'xypj-staff-sign-in-failed');
    throw error;
  });
}, 90_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    if (page) await keepScreenshot(page, `xypj-staff-failed-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(path: string): Promise<void> {
  await page.goto(`${server.baseUrl}${path}`);
  await page.locator('.ant-table').first().waitFor();
  await page.waitForLoadState('networkidle');
}

const row = (text: string): Locator => page.locator('tr.ant-table-row').filter({ has: page.getByText(text, { exact: true }) });
const toast = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor();
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
const dialog = (title: string) => page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

async function query(placeholder: string, value: string): Promise<void> {
  await page.getByPlaceholder(placeholder).first().fill(value);
  await page
    .locator('.renderer-query')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await page.waitForLoadState('networkidle');
}

describe('企业管理', () => {
  it('at 1440 px every column shows whole, 注册时间 included, without scrolling the table', async () => {
    await open('/xypj/company');
    const header = page.locator('.ant-table-thead th', { hasText: '注册时间' });
    await header.waitFor();
    const table = page.locator('.ant-table-content');
    const { scrollWidth, clientWidth } = await table.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const time = page
      .locator('.ant-table-tbody tr.ant-table-row')
      .first()
      .locator('td')
      .filter({ hasText: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/ });
    const cell = await time.boundingBox();
    const actions = await page.locator('.ant-table-thead th', { hasText: '操作' }).boundingBox();
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(actions!.x + 1);
  });

  it('驳回 asks a reason; 审核通过, 冻结 and 解冻 show by status and move it', async () => {
    const [pending] = await server.sql<{ id: string; name: string }>("SELECT id, name FROM xypj_company WHERE status = 'pending'");
    await open('/xypj/company');
    await query('请输入企业名称', pending!.name.slice(-6));
    const company = row(pending!.name);
    await company.waitFor();
    await expect.poll(() => company.textContent()).toContain('待审核');
    expect(await company.getByText('冻结', { exact: true }).count()).toBe(0);

    await company.getByText('更多').click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '驳回' }).click();
    const reject = dialog('驳回注册申请');
    await okButton(reject).click();
    await reject.getByText('请输入驳回原因').waitFor();
    await reject.locator('textarea').fill('资质证书编号与证书不符');
    await keepScreenshot(page, 'xypj-company-reject');
    await okButton(reject).click();
    await toast('已驳回');
    await expect.poll(() => company.textContent()).toContain('资质证书编号与证书不符');
    expect(await company.textContent()).toContain('已驳回');

    await company.getByText('审核通过', { exact: true }).click();
    await confirm('审核通过');
    await toast('审核通过，企业账号已启用');
    await expect.poll(() => company.textContent()).toContain('已通过');
    const [account] = await server.sql<{ status: number }>(
      'SELECT u.status FROM sys_user u JOIN xypj_company c ON c.user_id = u.id WHERE c.id = $1',
      [pending!.id],
    );
    if (account) expect(account.status).toBe(1);

    await company.getByText('冻结', { exact: true }).click();
    await confirm('冻结后企业账号不能登录');
    await toast('已冻结，企业账号已停用');
    await expect.poll(() => company.textContent()).toContain('已冻结');
    await company.getByText('解冻', { exact: true }).click();
    await confirm('确定解冻');
    await toast('已解冻，企业账号已启用');
    await expect.poll(() => company.textContent()).toContain('已通过');
    await keepScreenshot(page, 'xypj-company-list');
    const [after] = await server.sql<{ status: string }>('SELECT status FROM xypj_company WHERE id = $1', [pending!.id]);
    expect(after!.status).toBe('approved');

    await company.getByText('更多').click();
    await page.getByRole('menuitem', { name: '详情' }).click();
    const detail = dialog(`企业详情：${pending!.name}`);
    await detail.getByText('注册监理工程师（2）').waitFor();
    expect(await detail.textContent()).toContain('业绩项目（2）');
    await keepScreenshot(page, 'xypj-company-detail');
  });
});

describe('评价批次', () => {
  it('a new batch is added with its windows as date ranges and moved one state at a time', async () => {
    await open('/xypj/batch');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog('新增');
    await form.getByPlaceholder('请输入批次名称').fill('测试专项信用评价');
    await form.getByPlaceholder('请输入年度').fill('2031');
    await form.getByPlaceholder('开始时间').first().click();
    await form.getByPlaceholder('开始时间').first().fill('2031-03-01');
    await form.getByPlaceholder('结束时间').first().fill('2031-04-30');
    await form.getByPlaceholder('结束时间').first().press('Enter');
    await form.locator('.ant-select').filter({ hasText: '请选择评价标准' }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('监理企业信用评价标准').click();
    await keepScreenshot(page, 'xypj-batch-form');
    await okButton(form).click();
    await toast('添加成功！');
    const batch = row('测试专项信用评价');
    await batch.waitFor();
    const [saved] = await server.sql<{ apply_start: string; apply_end: string; state: string }>(
      "SELECT to_char(apply_start, 'YYYY-MM-DD') AS apply_start, to_char(apply_end, 'YYYY-MM-DD') AS apply_end, state FROM xypj_batch WHERE name = $1",
      ['测试专项信用评价'],
    );
    expect(saved).toEqual({ apply_start: '2031-03-01', apply_end: '2031-04-30', state: 'draft' });
    expect(await batch.getByText('开启申报', { exact: true }).count()).toBe(1);
    expect(await batch.getByText('进入评审', { exact: true }).count()).toBe(0);

    // Another batch is open: the move dialog says why and 确定 stays disabled.
    const open2 = await server.sql<{ name: string }>("SELECT name FROM xypj_batch WHERE state = 'open'");
    let box = await openMove(page, server, { name: '测试专项信用评价' }, '开启申报');
    await expect.poll(() => moveBlockers(box).allTextContents()).toContain(`已有申报中的批次：${open2[0]!.name}`);
    expect(await okButton(box).isDisabled()).toBe(true);
    await box.getByRole('button', { name: /取\s*消/ }).click();
    const [still] = await server.sql<{ state: string }>("SELECT state FROM xypj_batch WHERE name = '测试专项信用评价'");
    expect(still!.state).toBe('draft');

    // the open batch's window still runs: 进入评审 as 提前截止申报 with a reason
    box = await openMove(page, server, { name: open2[0]!.name }, '进入评审');
    await box.getByRole('checkbox', { name: '提前截止申报' }).check();
    await box.getByLabel('提前截止申报的原因').fill('评审专家档期提前');
    await okButton(box).click();
    await toast('批次已变更为「评审中」');
    const current = row(open2[0]!.name);
    await expect.poll(() => current.textContent()).toContain('评审中');
    expect(await current.getByText('开始公示', { exact: true }).count()).toBe(1);
    expect(await current.getByText('进入评审', { exact: true }).count()).toBe(0);
    await keepScreenshot(page, 'xypj-batch-list');

    const [windows] = await server.sql<{ apply_start: string; review_end: string }>(
      "SELECT to_char(apply_start, 'YYYY-MM-DD') AS apply_start, to_char(review_end, 'YYYY-MM-DD') AS review_end FROM xypj_batch WHERE name = $1",
      [open2[0]!.name],
    );
    await current.getByText('编辑', { exact: true }).click();
    const edit = dialog('编辑');
    await expect.poll(() => edit.getByPlaceholder('开始时间').first().inputValue()).toBe(windows!.apply_start);
    expect(await edit.getByPlaceholder('结束时间').nth(1).inputValue()).toBe(windows!.review_end);
    await edit.getByRole('button', { name: /取\s*消/ }).click();
  });
});

describe('评价标准', () => {
  it('items are edited in the grid; a total other than 100 shows the server message', async () => {
    await open('/xypj/criteria');
    const criteria = row('监理企业信用评价标准');
    await criteria.getByText('编辑', { exact: true }).click();
    const form = dialog('编辑');
    const grid = form.locator('.ant-tabs, .ant-card').filter({ hasText: '评价项目' }).first();
    await grid.getByText('分值').first().waitFor();
    await expect.poll(() => form.getByText('评分指引').count()).toBeGreaterThan(0);
    await keepScreenshot(page, 'xypj-criteria-form');
    const [first] = await server.sql<{ id: string; max_score: string; item: string }>(
      'SELECT id, max_score, item FROM xypj_criteria_item ORDER BY order_num LIMIT 1',
    );
    const cell = form.locator(`.eg [data-row-id="${first!.id}"] [role="gridcell"][data-key="maxScore"]`);
    await cell.click();
    const input = cell.locator('input');
    await input.fill(String(Number(first!.max_score) - 10));
    await input.press('Enter');
    await expect.poll(() => form.textContent()).toContain('合计');
    await okButton(form).click();
    await page
      .locator('.ant-message')
      .getByText(/评价标准各项分值合计应为100分，当前合计90分/)
      .first()
      .waitFor();
    const [unchanged] = await server.sql<{ max_score: string }>('SELECT max_score FROM xypj_criteria_item WHERE id = $1', [first!.id]);
    expect(Number(unchanged!.max_score)).toBe(Number(first!.max_score));
  });
});
