/** 评价批次 as the office uses it in browser tests: a batch's move dialog (blockers, effects, 确定) and its edit form. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './harness';

export interface BatchRow {
  id: string;
  name: string;
  state: string;
  apply_end: string;
  publicity_end: string;
}

export const BATCH_COLUMNS =
  "id, name, state, to_char(apply_end, 'YYYY-MM-DD') AS apply_end, to_char(publicity_end, 'YYYY-MM-DD') AS publicity_end";

export const okButton = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });
export const moveBlockers = (box: Locator) => box.locator('[data-blockers] li');
export const moveEffects = (box: Locator) => box.locator('[data-effects] li');
const dialog = (page: Page, title: string) =>
  page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** Opens 评价批次 and the batch's move `link`; returns the move's dialog once its preview has arrived. */
export async function openMove(page: Page, server: RunningServer, batch: { name: string }, link: string): Promise<Locator> {
  await page.goto(`${server.baseUrl}/xypj/batch`);
  await page.locator('.ant-table').first().waitFor();
  await page.locator('tr.ant-table-row').filter({ hasText: batch.name }).getByText(link, { exact: true }).click();
  const box = dialog(page, `${link}：${batch.name}`);
  await box.locator('[data-move-preview]').waitFor();
  await page.waitForTimeout(300);
  return box;
}

/** 「还有2份申报已打分未复核：企业A、企业B」, as the move dialog names and counts unfinished applications (first five named). */
export function countedBlocker(companies: string[], what: string): string {
  return `还有${companies.length}份申报${what}：${companies.slice(0, 5).join('、')}${companies.length > 5 ? '等' : ''}`;
}

/** What the move to publicity names as unfinished, per application state. */
export const UNFINISHED_WHAT: ReadonlyArray<readonly [string, string]> = [
  ['submitted', '已提交未受理'],
  ['accepted', '已受理未分配专家'],
  ['assigned', '专家评分未完成'],
  ['scored', '已打分未复核'],
];

/** Dates (YYYY-MM-DD) typed into the edit form's range pickers, by the range's label; a null start is left as it is. */
export type BatchWindows = Record<string, [string | null, string]>;

/** 编辑 the batch in 评价批次 and type new dates into its range pickers; resolves once saved. */
export async function editBatchWindows(page: Page, server: RunningServer, batchName: string, windows: BatchWindows): Promise<void> {
  await page.goto(`${server.baseUrl}/xypj/batch`);
  await page.locator('tr.ant-table-row').filter({ hasText: batchName }).getByText('编辑', { exact: true }).click();
  const form = page.locator('.ant-modal-content:visible').filter({ hasText: '公示时间' }).last();
  await form.locator('.ant-picker input').first().waitFor();
  await page.waitForTimeout(300);
  for (const [label, dates] of Object.entries(windows)) {
    const inputs = form.locator('.ant-formily-item').filter({ hasText: label }).locator('.ant-picker input');
    for (const [i, date] of dates.entries()) {
      if (date === null) continue;
      await inputs.nth(i).click();
      await inputs.nth(i).fill(date);
      await inputs.nth(i).press('Enter');
    }
    // a range given only its end keeps its picker open over the next field
    await form.locator('.ant-modal-title').click();
    await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
  }
  const saved = page.waitForResponse((res) => res.url().includes('/xypj/batch/edit'));
  await okButton(form).click();
  const reply = (await (await saved).json()) as { success: boolean; message: string };
  expect(reply.success, reply.message).toBe(true);
  await form.waitFor({ state: 'hidden' });
}
