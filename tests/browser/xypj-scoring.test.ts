/**
 * Credit evaluation, assignment to review: staff 一键分配 on this year's batch; three experts score one
 * application (评审打分); staff send one sheet back with a reason (评审复核); the expert sees the reason
 * and resubmits; staff confirm the review and see the final score and grade.
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
/** The seeded application the three demo experts (expert, reviewer2, reviewer3) share. */
let target: { id: string; company_name: string };
let experts: Array<{ username: string; name: string }>;
const REASON = '第二项评分依据不足，请核实后重新提交';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signIn(page, server, 'staff', DEMO_PASSWORD);
  await chooseTenantAndDepartment(page);
  await page.waitForURL('**/dashboard/analysis');
  const shared = await server.sql<{ id: string; company_name: string }>(
    `SELECT a.id, a.company_name FROM xypj_application a WHERE a.state = 'assigned'
       AND (SELECT count(*) FROM xypj_score_sheet s JOIN xypj_expert e ON e.id = s.expert_id WHERE s.application_id = a.id AND e.username IN ('expert', 'reviewer2', 'reviewer3')) = 3`,
  );
  target = shared[0]!;
  experts = await server.sql<{ username: string; name: string }>(
    "SELECT username, name FROM xypj_expert WHERE username IN ('expert', 'reviewer2', 'reviewer3') ORDER BY username",
  );
}, 90_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    if (page) await keepScreenshot(page, `xypj-scoring-failed-${ctx.task.name.slice(0, 30)}`);
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
const dialog = (title: string, on: Page = page) =>
  on.locator('.ant-modal-content').filter({ has: on.locator('.ant-modal-title', { hasText: title }) });

/** Answers 确定 in the confirmation asking `text`, once its opening animation is over. */
async function confirm(text: string, on: Page = page): Promise<void> {
  const box = on.locator('.ant-modal-confirm').filter({ hasText: text });
  await box.waitFor();
  await on.waitForTimeout(400);
  await okButton(box).click();
  await expect.poll(() => box.count()).toBe(0);
}

/** Signs in as an expert in a page of its own, runs `work`, closes the page. */
async function asExpert(username: string, work: (on: Page) => Promise<void>): Promise<void> {
  const on = (await newPage(browser)).page;
  try {
    await signIn(on, server, username, DEMO_PASSWORD);
    await on.waitForURL('**/dashboard/analysis');
    await work(on);
  } catch (error) {
    await keepScreenshot(on, `xypj-scoring-${username}-failed`);
    throw error;
  } finally {
    await on.close();
  }
}

/** A score out of range or with two decimals stays as typed, is marked with its limit, and 保存 refuses it. */
async function refusedAsTyped(on: Page, sheet: Locator): Promise<void> {
  const first = sheet.locator('input.ant-input-number-input').first();
  await first.fill('150');
  await first.blur();
  await sheet.getByText(/」的得分应在0到\d+(\.\d)?分之间$/).waitFor();
  expect(Number(await first.inputValue())).toBe(150);
  await sheet.getByRole('button', { name: /保\s*存/ }).click();
  await on
    .locator('.ant-message')
    .getByText(/」的得分应在0到\d+(\.\d)?分之间$/)
    .first()
    .waitFor();
  await first.fill('3.25');
  await first.blur();
  await sheet.getByText(/」的得分最多保留一位小数$/).waitFor();
  expect(await first.inputValue()).toBe('3.25');
  await keepScreenshot(on, 'xypj-scoring-refused-score');
}

/** Fills every score of the open sheet with `score` and submits it through the confirmation. */
async function scoreAndSubmit(on: Page, sheet: Locator, score: string, screenshot?: string): Promise<void> {
  const inputs = sheet.locator('input.ant-input-number-input');
  await expect.poll(() => inputs.count()).toBe(8);
  for (let i = 0; i < 8; i++) await inputs.nth(i).fill(score);
  await sheet.locator('input[aria-label$="评语"]').first().fill('资料齐全');
  await expect.poll(() => sheet.locator('[data-total]').textContent()).toBe((Number(score) * 8).toFixed(1));
  await sheet.getByRole('button', { name: /保\s*存/ }).click();
  await toast('保存成功', on);
  if (screenshot) await keepScreenshot(on, screenshot);
  await sheet.getByRole('button', { name: /提\s*交/ }).click();
  await confirm('确定提交评分表吗？', on);
  await toast('提交成功', on);
  await expect.poll(() => sheet.locator('input.ant-input-number-input').count()).toBe(0);
  expect(await sheet.textContent()).toContain('已提交');
}

describe('专家分配', () => {
  it('shows the refusal of a wrong choice, then 一键分配 gives every accepted application three experts', async () => {
    const waiting = await server.sql<{ company_name: string }>(
      "SELECT a.company_name FROM xypj_application a JOIN xypj_batch b ON b.id = a.batch_id WHERE b.state = 'open' AND a.state = 'accepted' ORDER BY a.company_name",
    );
    expect(waiting.length).toBeGreaterThan(0);
    await open('/xypj/assignment');
    await row(waiting[0]!.company_name).waitFor();
    expect(await row(waiting[0]!.company_name).textContent()).toContain('未分配');

    await row(waiting[0]!.company_name).getByText('分配专家', { exact: true }).click();
    const assign = dialog(`分配专家：${waiting[0]!.company_name}`);
    await assign.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    await okButton(assign).click();
    await assign.getByText('每份申报需分配3位专家，当前选择了1位').waitFor();
    await keepScreenshot(page, 'xypj-assignment-dialog');
    await assign.getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => assign.count()).toBe(0);

    await page.getByRole('button', { name: /一键分配/ }).click();
    await confirm('一键分配专家吗');
    await toast(`已为${waiting.length}份申报分配专家`);
    await expect.poll(() => row(waiting[0]!.company_name).textContent()).toContain('已分配');
    expect(await page.locator('.ant-table').getByText('未分配').count()).toBe(0);
    await keepScreenshot(page, 'xypj-assignment');
    const loads = (
      await server.sql<{ n: number }>(
        "SELECT count(s.id)::int AS n FROM xypj_expert e LEFT JOIN xypj_score_sheet s ON s.expert_id = e.id WHERE e.status = '1' GROUP BY e.id",
      )
    ).map((r) => r.n);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    const left = await server.sql(
      "SELECT a.id FROM xypj_application a JOIN xypj_batch b ON b.id = a.batch_id WHERE b.state = 'open' AND a.state = 'accepted'",
    );
    expect(left).toHaveLength(0);
  });
});

describe('评审打分', () => {
  it('three experts score the shared application beside its snapshot and materials, then submit', async () => {
    for (const [k, expert] of experts.entries()) {
      await asExpert(expert.username, async (on) => {
        await on.locator('.ant-menu').getByText('信用评价').click();
        await expect.poll(() => on.locator('.ant-menu-root').textContent()).toContain('评审打分');
        await open('/xypj/scoring', on);
        const mine = row(target.company_name, on);
        await mine.waitFor();
        if (k === 0) await keepScreenshot(on, 'xypj-scoring-list');
        await mine.getByText('打分', { exact: true }).click();
        const sheet = dialog(`评分表：${target.company_name}`, on);
        await sheet.getByRole('tab', { name: '单位信息快照' }).waitFor();
        await sheet.getByText('统一社会信用代码').first().waitFor();
        if (k === 0) {
          await sheet.getByRole('tab', { name: '申报材料' }).click();
          await sheet.getByText('申报材料.pdf').waitFor();
          await refusedAsTyped(on, sheet);
        }
        await scoreAndSubmit(on, sheet, String(7 + k), k === 0 ? 'xypj-scoring-sheet' : undefined);
        if (k === 0) await keepScreenshot(on, 'xypj-scoring-submitted');
      });
    }
    const [app] = await server.sql<{ state: string }>('SELECT state FROM xypj_application WHERE id = $1', [target.id]);
    expect(app!.state).toBe('scored');
  });
});

describe('评审复核', () => {
  it('staff see the three sheets side by side and send the second back with a reason', async () => {
    await open('/xypj/scoreReview');
    await row(target.company_name).getByText('复核', { exact: true }).click();
    const review = dialog(`评审复核：${target.company_name}`);
    for (const e of experts) await review.getByText(e.name, { exact: true }).waitFor();
    expect(await review.textContent()).toContain('合计');
    expect(await review.textContent()).toContain('56.0');
    await keepScreenshot(page, 'xypj-score-review');
    const second = experts[1]!;
    await review
      .locator(`[data-expert="${second.name}"]`)
      .getByRole('button', { name: /退\s*回/ })
      .click();
    const back = dialog(`退回${second.name}的评分表`);
    await okButton(back).click();
    await back.getByText('请输入退回原因').waitFor();
    await back.locator('textarea').fill(REASON);
    await okButton(back).click();
    await toast('已退回');
    await review.getByText(`${second.name}的评分表已退回：${REASON}`).waitFor();
    expect(await review.getByRole('button', { name: '确认复核' }).count()).toBe(0);
    const [sheet] = await server.sql<{ state: string; return_reason: string }>(
      "SELECT s.state, s.return_reason FROM xypj_score_sheet s JOIN xypj_expert e ON e.id = s.expert_id WHERE s.application_id = $1 AND e.username = 'reviewer2'",
      [target.id],
    );
    expect(sheet).toEqual({ state: 'returned', return_reason: REASON });
  });

  it('the expert sees the reason on the returned sheet and resubmits', async () => {
    await asExpert('reviewer2', async (on) => {
      await open('/xypj/scoring', on);
      const mine = row(target.company_name, on);
      await expect.poll(() => mine.textContent()).toContain('已退回');
      await mine.getByText('打分', { exact: true }).click();
      const sheet = dialog(`评分表：${target.company_name}`, on);
      await sheet.getByText(`退回原因：${REASON}`).waitFor();
      await expect.poll(() => sheet.locator('input.ant-input-number-input').count()).toBe(8);
      await keepScreenshot(on, 'xypj-scoring-returned');
      await scoreAndSubmit(on, sheet, '9');
    });
    const [app] = await server.sql<{ state: string }>('SELECT state FROM xypj_application WHERE id = $1', [target.id]);
    expect(app!.state).toBe('scored');
  });

  it('staff confirm the review and see the final score and grade', async () => {
    await open('/xypj/scoreReview');
    await row(target.company_name).getByText('复核', { exact: true }).click();
    const review = dialog(`评审复核：${target.company_name}`);
    await review.getByRole('button', { name: '确认复核' }).click();
    const ask = page.locator('.ant-modal-confirm').filter({ hasText: '的评审结果吗' });
    await ask.locator('[data-review-preview]').waitFor();
    const before = (await ask.textContent()) ?? '';
    expect(before).toMatch(/专家评分(56\.0|72\.0)、(56\.0|72\.0)、(56\.0|72\.0)专家平均分66\.7/);
    for (const shown of ['本年度无不良行为记录', '最终得分66.7', '信用等级B']) expect(before).toContain(shown);
    await keepScreenshot(page, 'xypj-score-review-confirm');
    await confirm('的评审结果吗');
    await toast('复核完成');
    const result = review.locator('[data-result]');
    await result.waitFor();
    const [stored] = await server.sql<{ final_score: string; grade: string; avg_score: string }>(
      'SELECT final_score, grade, avg_score FROM xypj_result WHERE application_id = $1',
      [target.id],
    );
    // totals 56 (7 × 8), 72 (resubmitted, 9 × 8), 72 (9 × 8) → mean 66.7; no deduction in this year for the company
    expect(Number(stored!.avg_score)).toBe(66.7);
    expect(Number(stored!.final_score)).toBe(66.7);
    expect(stored!.grade).toBe('B');
    expect(await result.textContent()).toContain(`最终得分${Number(stored!.final_score).toFixed(1)}`);
    expect(await result.textContent()).toContain(`信用等级${stored!.grade}`);
    await keepScreenshot(page, 'xypj-score-review-result');
    await review.locator('.ant-modal-close').click();
    await expect.poll(() => row(target.company_name).count()).toBe(0);
  });
});

describe('评审历史', () => {
  it('an expert sees their own sheets of every batch: 批次, 企业, 得分, 状态', async () => {
    await asExpert('expert', async (on) => {
      await open('/xypj/scoreHistory', on);
      for (const heading of ['批次', '企业', '得分', '状态']) await on.getByRole('columnheader', { name: heading, exact: true }).waitFor();
      const [own] = await server.sql<{ n: number }>(
        "SELECT count(*)::int AS n FROM xypj_score_sheet s JOIN xypj_expert e ON e.id = s.expert_id WHERE e.username = 'expert'",
      );
      await expect.poll(() => rows(on).count()).toBe(Math.min(own!.n, 10));
      const scored = row(target.company_name, on);
      expect(await scored.textContent()).toContain('已提交');
      expect(await scored.textContent()).toContain('56');
      expect(await scored.getByText('打分', { exact: true }).count()).toBe(0);
      await keepScreenshot(on, 'xypj-score-history');
    });
  });
});
