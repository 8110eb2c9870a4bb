/**
 * 首页 of the credit evaluation: staff see scoring progress per expert, the grade distribution and last
 * year's comparison; an expert their sheets to score; a company its application and latest grade.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function home(username: string, run: (page: Page) => Promise<void>): Promise<void> {
  const page = (await newPage(browser)).page;
  try {
    await signIn(page, server, username, DEMO_PASSWORD);
    const chooser = page.locator('.ant-modal-content').filter({ hasText: '请选择租户和部门' });
    await Promise.race([chooser.waitFor(), page.waitForURL('**/dashboard/analysis')]);
    if (await chooser.isVisible()) {
      for (const placeholder of ['请选择登录租户', '请选择登录部门']) {
        const select = chooser.locator('.ant-select').filter({ hasText: placeholder });
        if ((await select.count()) === 0) continue;
        await select.click();
        await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().waitFor();
        await page.keyboard.press('Enter');
      }
      await chooser.getByRole('button', { name: /确\s*认/ }).click();
    }
    await page.waitForURL('**/dashboard/analysis');
    await run(page);
  } catch (error) {
    await keepScreenshot(page, `xypj-dashboard-failed-${username}`);
    throw error;
  } finally {
    await page.close();
  }
}

const card = (page: Page, title: string) =>
  page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });

describe('首页', () => {
  it('staff see each expert’s progress, the grade chart and last year’s figures; a tile opens its list', async () => {
    const [progress] = await server.sql<{ assigned: number; submitted: number }>(
      `SELECT count(*)::int AS assigned, count(*) FILTER (WHERE s.state = 'submitted')::int AS submitted
       FROM xypj_score_sheet s JOIN xypj_expert e ON e.id = s.expert_id JOIN xypj_batch b ON b.id = s.batch_id
       WHERE e.username = 'expert' AND b.state = 'open'`,
    );
    const [last] = await server.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM xypj_result r JOIN xypj_batch b ON b.id = r.batch_id WHERE b.state = 'published'",
    );
    await home('staff', async (page) => {
      const experts = card(page, '专家评审进度');
      const row = experts.locator('tr').filter({ hasText: '评审专家' });
      await row.waitFor();
      expect(await row.locator('td').nth(1).textContent()).toBe(String(progress!.assigned));
      expect(await row.locator('td').nth(2).textContent()).toBe(String(progress!.submitted));
      await card(page, '信用等级分布').locator('.recharts-bar-rectangle').first().waitFor();
      const comparison = card(page, '与上年对比');
      await expect.poll(() => comparison.locator('a[data-tile="cmp-results"]').textContent()).toContain(`上年：${last!.n}`);
      await keepScreenshot(page, 'xypj-dashboard-staff');
      await page.locator('a[data-tile="assigned"]').click();
      await page.waitForURL('**/xypj/assignment');
    });
  });

  it('an expert sees the sheets still to score and opens 评审打分 from the tile', async () => {
    const [todo] = await server.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM xypj_score_sheet s JOIN xypj_expert e ON e.id = s.expert_id WHERE e.username = 'expert' AND s.state IN ('draft', 'returned')",
    );
    await home('expert', async (page) => {
      const tile = page.locator('a[data-tile="sheets-todo"]');
      await expect.poll(() => tile.textContent()).toBe(`待评分${todo!.n}`);
      await keepScreenshot(page, 'xypj-dashboard-expert');
      await tile.click();
      await page.waitForURL('**/xypj/scoring');
    });
  });

  it('a company sees its application state and its latest grade with the certificate number', async () => {
    const [cert] = await server.sql<{ cert_no: string; grade: string }>(
      "SELECT cert_no, grade FROM xypj_certificate WHERE company_id = 'xypj_company_001'",
    );
    await home('company', async (page) => {
      const grade = page.locator('a[data-tile="my-grade"]');
      await expect.poll(() => grade.textContent()).toContain(cert!.grade);
      expect(await grade.textContent()).toContain(`证书 ${cert!.cert_no}`);
      await page.locator('a[data-tile="my-application"]').waitFor();
      await keepScreenshot(page, 'xypj-dashboard-company');
      await grade.click();
      await page.waitForURL('**/xypj/history');
    });
  });
});
