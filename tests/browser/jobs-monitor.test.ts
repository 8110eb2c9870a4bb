/**
 * 定时任务: a job added with a two-second cron, started, its runs seen in 运行记录, then stopped and its runs
 * seen to stop. 系统监控: each page opened and its live figures seen.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let page: Page;

const JOB = 'org.jeecg.modules.quartz.job.AsyncJob';

beforeAll(async () => {
  server = await startServer({ env: { REDIS_URL: 'redis://127.0.0.1:6379/7' } });
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  await signIn(page, server, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard/analysis');
}, 120_000);

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    if (page) await keepScreenshot(page, `jobs-monitor-failed-${ctx.task.name.slice(0, 30)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const rows = (): Locator => page.locator('tr.ant-table-row');
const row = (text: string): Locator => rows().filter({ has: page.getByText(text, { exact: true }) });
const toast = (text: string) => page.locator('.ant-message').getByText(text).first().waitFor();
const dialog = (title: string | RegExp) =>
  page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
const confirmOk = () =>
  page
    .locator('.ant-modal-confirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .first()
    .click();

async function runCount(): Promise<number> {
  const found = await server.sql<{ n: string }>(
    `select count(*) as n from sys_quartz_job_run r join sys_quartz_job j on j.id = r.job_id where j.job_class_name = $1`,
    [JOB],
  );
  return Number(found[0]?.n ?? 0);
}

async function openHistory(): Promise<Locator> {
  await row(JOB).getByText('更多').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: '运行记录' }).click();
  const history = dialog(/运行记录/);
  await history.waitFor();
  return history;
}

describe('定时任务 and 系统监控', () => {
  it('定时任务: add a two-second job, start it, see its runs, stop it and see them stop', async () => {
    await page.goto(`${server.baseUrl}/isystem/QuartzJobList`);
    await row('org.jeecg.modules.message.job.SendMsgJob').waitFor();
    await page.getByRole('button', { name: '新增' }).click();
    const form = dialog('新增');
    await form.getByPlaceholder('如 org.jeecg.modules.quartz.job.SampleJob').fill('com.example.Unknown');
    await form.getByPlaceholder('请输入cron表达式').fill('0/2 * * * * ? *');
    await form.getByText('停止', { exact: true }).click();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page
      .locator('.ant-message')
      .getByText(/任务类名不存在：com.example.Unknown/)
      .first()
      .waitFor();
    await form.getByPlaceholder('如 org.jeecg.modules.quartz.job.SampleJob').fill(JOB);
    await keepScreenshot(page, 'jobs-form');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('添加成功！');
    await expect.poll(() => row(JOB).locator('.ant-tag').textContent()).toBe('已暂停');

    await row(JOB).getByText('启动', { exact: true }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: '是否启动选中任务?' }).waitFor();
    await confirmOk();
    await toast('启动定时任务成功');
    await expect.poll(() => row(JOB).locator('.ant-tag').textContent()).toBe('已启动');
    await expect.poll(runCount, { timeout: 15_000, interval: 500 }).toBeGreaterThanOrEqual(2);
    await keepScreenshot(page, 'jobs-list');

    let history = await openHistory();
    await history.locator('tr.ant-table-row').first().waitFor();
    expect(await history.locator('tr.ant-table-row .ant-tag', { hasText: '成功' }).count()).toBeGreaterThanOrEqual(1);
    await keepScreenshot(page, 'jobs-history');
    await history.locator('.ant-modal-close').click();

    await row(JOB).getByText('停止', { exact: true }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: '是否暂停选中任务?' }).waitFor();
    await confirmOk();
    await toast('停止定时任务成功');
    await expect.poll(() => row(JOB).locator('.ant-tag').textContent()).toBe('已暂停');
    await page.waitForTimeout(2500);
    const stopped = await runCount();
    await page.waitForTimeout(4500);
    expect(await runCount()).toBe(stopped);
    history = await openHistory();
    await expect.poll(() => history.locator('tr.ant-table-row').count()).toBe(Math.min(stopped, 10));
    await history.locator('.ant-modal-close').click();
  });

  it('系统监控: every page shows live figures', async () => {
    await page.goto(`${server.baseUrl}/monitor/SystemInfo`);
    await page.getByText('Node.js 版本').waitFor();
    await expect.poll(() => page.locator('tr', { hasText: 'CPU 数量' }).locator('td').last().textContent()).toMatch(/^\d+$/);
    await page.getByText(/上次更新时间：\d{4}-/).waitFor();

    await page.goto(`${server.baseUrl}/monitor/JvmInfo`);
    await expect.poll(() => page.locator('tr', { hasText: '堆内存已用' }).locator('td').last().textContent()).toMatch(/MB$/);
    await page.locator('.recharts-line').first().waitFor();
    await expect
      .poll(() => page.locator('tr', { hasText: '事件循环延迟 P99' }).locator('td').last().textContent(), { timeout: 15_000 })
      .toMatch(/ms$/);
    await keepScreenshot(page, 'monitor-runtime');

    await page.goto(`${server.baseUrl}/monitor/DatabaseInfo`);
    await expect.poll(() => page.locator('tr', { hasText: '数据库版本' }).locator('td').last().textContent()).toMatch(/PostgreSQL/);
    await page.getByText('最大的数据表').waitFor();

    await page.goto(`${server.baseUrl}/monitor/redis/info`);
    await page.getByText('Redis 服务器版本').waitFor();
    await page.getByText(/Key 实时数量：\d+/).waitFor();
    await expect.poll(() => page.locator('.recharts-line-curve').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await keepScreenshot(page, 'monitor-redis');

    await page.goto(`${server.baseUrl}/monitor/HttpTrace`);
    await page.getByText(/共追踪到 \d+ 条近期HTTP请求记录/).waitFor();
    await row('/api/monitor/httptrace').or(rows().first()).first().waitFor();
    const traceText = (await page.locator('.ant-table-tbody').textContent()) ?? '';
    expect(traceText).not.toMatch(/token=[^*]/i);
    await keepScreenshot(page, 'monitor-trace');

    await page.goto(`${server.baseUrl}/monitor/Disk`);
    await page.locator('.ant-card-head-title', { hasText: /^\/$/ }).waitFor();
    await page
      .getByText(/^总量：/)
      .first()
      .waitFor();
    await keepScreenshot(page, 'monitor-disk');
  });
});
