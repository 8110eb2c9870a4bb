/**
 * Credit evaluation, guarded batch moves: the office tries each move of this year's batch too early and
 * reads in the move's dialog what stops it (named and counted) and what the move would do; 进入评审 goes
 * as 提前截止申报 with a reason, 开始公示 once the applications are finished, 发布结果 stays refused while
 * the publicity window runs and an objection is open.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BATCH_COLUMNS, moveBlockers, moveEffects, okButton, openMove as openBatchMove, type BatchRow } from './batch-moves';
import {
  chooseTenantAndDepartment,
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
let browser: Browser;
let page: Page;
let token: string;

/** What the office does on other screens (受理/退回, 复核, 撤回), as calls of the staff user. */
async function staffPost(url: string, data: unknown): Promise<void> {
  const res = await fetch(`${server.apiUrl}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
    body: JSON.stringify(data),
  });
  const body = (await res.json()) as { success: boolean; message: string };
  expect(body.success, `${url}: ${body.message}`).toBe(true);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  token = await staffToken(server);
  await signIn(page, server, 'staff', DEMO_PASSWORD);
  await chooseTenantAndDepartment(page);
  await page.waitForURL('**/dashboard/analysis');
}, 90_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    if (page) await keepScreenshot(page, `xypj-batch-guards-failed-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor();
const openMove = (batch: BatchRow, link: string) => openBatchMove(page, server, batch, link);

async function companiesIn(batchId: string, state: string): Promise<Array<{ id: string; company_name: string }>> {
  return await server.sql<{ id: string; company_name: string }>(
    'SELECT id, company_name FROM xypj_application WHERE batch_id = $1 AND state = $2 ORDER BY submit_time ASC NULLS LAST, id ASC',
    [batchId, state],
  );
}

describe('评价批次：状态变更的前提', () => {
  it('the office tries each move too early and reads the blockers; 提前截止申报 with a reason, 开始公示 once every application is finished', async () => {
    const [batch] = await server.sql<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM xypj_batch WHERE state = 'open'`);

    // 进入评审 inside the application window
    let box = await openMove(batch!, '进入评审');
    await expect
      .poll(() => moveBlockers(box).allTextContents())
      .toEqual([`申报期尚未结束（${batch!.apply_end}截止），如需提前截止申报请填写原因`]);
    expect(await moveEffects(box).allTextContents()).toContain('6份草稿或已退回未重新提交的申报将被截止，企业不能再修改和提交');
    expect(await okButton(box).isDisabled()).toBe(true);
    await keepScreenshot(page, 'xypj-batch-guards-reviewing-blocked');
    await box.getByRole('checkbox', { name: '提前截止申报' }).check();
    await expect.poll(() => moveBlockers(box).count()).toBe(0);
    expect(await okButton(box).isDisabled()).toBe(true);
    await box.getByLabel('提前截止申报的原因').fill('主管部门要求提前评审');
    await okButton(box).click();
    await toast('批次已变更为「评审中」');
    const logged = await server.sql<{ log_content: string }>("SELECT log_content FROM sys_log WHERE log_content LIKE '提前截止申报%'");
    expect(logged.map((l) => l.log_content)).toEqual([
      `提前截止申报：批次${batch!.name}（申报截止日期${batch!.apply_end}），原因：主管部门要求提前评审`,
    ]);

    // 开始公示 with applications unfinished
    const scored = await companiesIn(batch!.id, 'scored');
    box = await openMove(batch!, '开始公示');
    await expect.poll(() => moveBlockers(box).count()).toBe(4);
    expect(await moveBlockers(box).allTextContents()).toContain(`还有2份申报已打分未复核：${scored.map((a) => a.company_name).join('、')}`);
    expect(await box.getByText('暂不能开始公示，请先处理以下4项').count()).toBe(1);
    expect(await okButton(box).isDisabled()).toBe(true);
    await keepScreenshot(page, 'xypj-batch-guards-publicity-blocked');
    await box.getByRole('button', { name: /取\s*消/ }).click();

    // the office finishes: 退回 the submitted ones, 复核 the scored ones, 撤回 the rest
    for (const a of await companiesIn(batch!.id, 'submitted'))
      await staffPost('/xypj/application/return', { id: a.id, reason: '材料不全' });
    for (const a of scored) await staffPost('/xypj/application/review', { id: a.id });
    for (const state of ['accepted', 'assigned'])
      for (const a of await companiesIn(batch!.id, state))
        await staffPost('/xypj/application/withdraw', { id: a.id, reason: '企业申请撤回' });
    box = await openMove(batch!, '开始公示');
    await expect
      .poll(() => moveEffects(box).allTextContents())
      .toEqual(['4份已复核申报的评价结果将在结果公示中公开', '6份未提交的申报将被截止', '专家评分表和复核结果不能再修改']);
    expect(await moveBlockers(box).count()).toBe(0);
    await okButton(box).click();
    await toast('批次已变更为「公示中」');

    // 发布结果 while the publicity window runs and an objection is open
    const [reviewed] = await companiesIn(batch!.id, 'reviewed');
    await staffPost('/xypj/objection/add', {
      batchId: batch!.id,
      companyName: reviewed!.company_name,
      raisedBy: '匿名',
      content: '业绩不实',
    });
    box = await openMove(batch!, '发布结果');
    await expect
      .poll(() => moveBlockers(box).allTextContents())
      .toEqual([`公示期尚未结束（${batch!.publicity_end}截止）`, `还有1条异议未答复：${reviewed!.company_name}`]);
    expect(await okButton(box).isDisabled()).toBe(true);
    await keepScreenshot(page, 'xypj-batch-guards-published-blocked');
    await box.getByRole('button', { name: /取\s*消/ }).click();
    const [state] = await server.sql<{ state: string }>('SELECT state FROM xypj_batch WHERE id = $1', [batch!.id]);
    expect(state!.state).toBe('publicity');
  }, 150_000);
});
