/** Helpers for the widget demo page (jeecg/SelectDemo) in browser tests. */
import type { Browser, Locator, Page } from 'playwright-core';
import { ADMIN_PASSWORD, keepScreenshot, newPage, signIn, type RunningServer } from './harness';

export const DEMO_PATH = '/jeecg/SelectDemo';

/** Signs in as admin, opens the demo page, runs `fn`, keeps a screenshot when it fails. */
export async function withDemoPage(browser: Browser, server: RunningServer, name: string, fn: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await newPage(browser);
  try {
    await signIn(page, server, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard/analysis');
    await page.goto(`${server.baseUrl}${DEMO_PATH}`);
    await page.getByLabel('当前值').waitFor({ timeout: 45_000 });
    await fn(page);
  } catch (error) {
    await keepScreenshot(page, `widgets-${name}`);
    throw error;
  } finally {
    await context.close();
  }
}

/** The form item whose label is exactly `label`. */
export function fieldItem(page: Page, label: string): Locator {
  return page.locator('.ant-formily-item').filter({
    has: page.locator('.ant-formily-item-label-content', { hasText: new RegExp(`^${label.replace(/[()（）]/g, '\\$&')}$`) }),
  });
}

/** The form's values as the JFormValues panel shows them. */
export async function formValues(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await page.getByLabel('当前值').textContent()) ?? '{}') as Record<string, unknown>;
}

/** The dialog whose title is `title`. */
export function dialog(page: Page, title: string): Locator {
  return page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: new RegExp(`^${title}$`) }) });
}

export async function confirmDialog(modal: Locator): Promise<void> {
  await modal.locator('.ant-modal-footer').getByRole('button', { name: /^确\s*(定|认)$/ }).click();
}
