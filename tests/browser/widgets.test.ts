import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, startServer, type RunningServer } from './harness';
import { confirmDialog, dialog, fieldItem, formValues, withDemoPage } from './fixtures/widgets/demo-page';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const demo = (name: string, fn: (page: Page) => Promise<void>) => withDemoPage(browser, server, name, fn);

describe('widget demo page', () => {
  it('labels every widget in full and shows the current values', () =>
    demo('overview', async (page) => {
      await page.getByText('拖动滑块验证').waitFor();
      const labels = page.locator('.ant-formily-item-label-content');
      expect(await labels.count()).toBeGreaterThanOrEqual(38);
      const cut = await labels.evaluateAll((nodes) => nodes.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent));
      expect(cut).toEqual([]);
      expect(await formValues(page)).toMatchObject({ easyCron: '0 0 12 * * ? *', yn: 'N' });
      await keepScreenshot(page, 'widgets-demo-page');
    }));
});

describe('pickers on the widget demo page', () => {
  it('department select: choosing a department shows its name and stores its id', () =>
    demo('depart', async (page) => {
      const item = fieldItem(page, '选择部门');
      await item.locator('input').click();
      const modal = dialog(page, '选择部门');
      await modal.locator('.ant-tree-title', { hasText: '省工程建设监理协会' }).waitFor();
      // The first level opens by itself once its children arrive.
      await modal.locator('.ant-tree-title', { hasText: '信用评价办公室' }).click();
      await confirmDialog(modal);
      await expect.poll(() => item.locator('input').inputValue()).toBe('信用评价办公室');
      expect((await formValues(page)).depart).toBe('d_a01a01');
    }));

  it('user picker by department: a department lists its users; the chosen user is shown by name', () =>
    demo('user-by-dep', async (page) => {
      const item = fieldItem(page, '根据部门选择用户');
      await item.getByRole('button', { name: '选择用户' }).click();
      const modal = dialog(page, '根据部门选择用户');
      await modal.locator('.ant-tree-title', { hasText: '省工程建设监理协会' }).waitFor();
      // The first level opens by itself once its children arrive.
      await modal.locator('.ant-tree-title', { hasText: '信用评价办公室' }).click();
      const row = modal.locator('.ant-table-row', { hasText: '评价办工作人员' });
      await expect.poll(() => modal.locator('.ant-table-row').allTextContents()).toEqual([expect.stringContaining('评价办工作人员')]);
      await row.locator('input[type=checkbox]').check();
      await confirmDialog(modal);
      await expect.poll(() => item.locator('input').inputValue()).toBe('评价办工作人员');
      expect((await formValues(page)).userByDep).toBe('staff');
    }));

  it('role picker: the chosen role is shown by name and stored by code', () =>
    demo('role', async (page) => {
      const item = fieldItem(page, '选择角色');
      await item.getByRole('button', { name: /选\s*择/ }).click();
      const modal = dialog(page, '角色选择');
      const row = modal.locator('.ant-table-row', { hasText: '协会工作人员' });
      await row.waitFor();
      await row.locator('input[type=checkbox]').check();
      await confirmDialog(modal);
      await item.locator('.ant-select-selection-item', { hasText: '协会工作人员' }).waitFor();
      expect((await formValues(page)).role).toBe('xypj_staff');
    }));

  it('position picker: the chosen position is shown by name and stored by code', async () => {
    await server.sql(
      `INSERT INTO sys_position (id, code, name, post_rank, create_by, create_time) VALUES ('pos_e2e_1', 'zjl', '总监理工程师', '4', 'admin', now())`,
    );
    await demo('position', async (page) => {
      const item = fieldItem(page, '选择职务');
      await item.getByRole('button', { name: /选\s*择/ }).click();
      const modal = dialog(page, '职务选择');
      const row = modal.locator('.ant-table-row', { hasText: '总监理工程师' });
      await row.waitFor();
      await row.locator('input[type=checkbox]').check();
      await confirmDialog(modal);
      await item.locator('.ant-select-selection-item', { hasText: '总监理工程师' }).waitFor();
      expect((await formValues(page)).position).toBe('zjl');
    });
  });
});

describe('popup on the widget demo page', () => {
  it('a report row fills both destination fields', () =>
    demo('popup', async (page) => {
      await fieldItem(page, 'Popup 用户账号').locator('input').click();
      const modal = dialog(page, '用户选择');
      const row = modal.locator('.ant-table-row', { hasText: 'staff' }).first();
      await row.waitFor();
      await row.click();
      await confirmDialog(modal);
      await expect.poll(() => fieldItem(page, 'Popup 回填姓名').locator('input').inputValue()).toBe('评价办工作人员');
      expect(await fieldItem(page, 'Popup 用户账号').locator('input').inputValue()).toBe('staff');
      const values = await formValues(page);
      expect([values.popupUsername, values.popupRealname]).toEqual(['staff', '评价办工作人员']);
    }));
});

const previewLines = async (modal: Locator) =>
  ((await modal.getByLabel('执行预览').inputValue()) || '').split('\n').filter((line) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(line))
    .length;

describe('cron editors on the widget demo page', () => {
  it('seven-part editor: a built expression parses back to the same modes; the preview shows 10 times', () =>
    demo('cron-seven', async (page) => {
      const item = fieldItem(page, 'Cron（七段）');
      await item.getByLabel('打开cron编辑').click();
      const modal = dialog(page, 'cron表达式');
      const pane = modal.locator('.ant-tabs-tabpane-active');
      await modal.getByRole('tab', { name: '分' }).click();
      await pane.locator('.ant-radio-wrapper', { hasText: '每隔' }).locator('input[type=radio]').check();
      await pane.getByRole('spinbutton', { name: '分钟间隔', exact: true }).fill('15');
      await pane.getByRole('spinbutton', { name: '分钟开始', exact: true }).fill('5');
      await modal.getByRole('tab', { name: '时' }).click();
      await pane.locator('.ant-radio-wrapper', { hasText: '周期从' }).locator('input[type=radio]').check();
      await pane.getByRole('spinbutton', { name: '小时区间开始', exact: true }).fill('9');
      await pane.getByRole('spinbutton', { name: '小时区间结束', exact: true }).fill('17');
      await pane.getByRole('spinbutton', { name: '小时区间结束', exact: true }).blur();
      const expression = await modal.getByLabel('cron表达式结果').inputValue();
      expect(expression.split(' ').slice(1, 3)).toEqual(['5/15', '9-17']);
      await expect.poll(() => previewLines(modal)).toBe(10);
      await confirmDialog(modal);
      await expect.poll(() => item.locator('input').inputValue()).toBe(expression);
      expect((await formValues(page)).cron).toBe(expression);

      await item.getByLabel('打开cron编辑').click();
      await modal.getByRole('tab', { name: '分' }).click();
      await expect.poll(() => pane.locator('.ant-radio-wrapper-checked').textContent()).toContain('每隔');
      expect(await pane.getByRole('spinbutton', { name: '分钟间隔', exact: true }).inputValue()).toBe('15');
      expect(await pane.getByRole('spinbutton', { name: '分钟开始', exact: true }).inputValue()).toBe('5');
      await modal.getByRole('tab', { name: '时' }).click();
      await expect.poll(() => pane.locator('.ant-radio-wrapper-checked').textContent()).toContain('周期从');
      expect(await pane.getByRole('spinbutton', { name: '小时区间开始', exact: true }).inputValue()).toBe('9');
      expect(await pane.getByRole('spinbutton', { name: '小时区间结束', exact: true }).inputValue()).toBe('17');
      expect(await modal.getByLabel('cron表达式结果').inputValue()).toBe(expression);
    }));

  it('piece editor: a built expression parses back to the same modes; the preview shows 10 times', () =>
    demo('cron-piece', async (page) => {
      const item = fieldItem(page, 'Cron（分项）');
      await item.getByRole('button', { name: '选择' }).click();
      const modal = dialog(page, 'Cron表达式');
      const pane = modal.locator('.ant-tabs-tabpane-active');
      await modal.getByRole('tab', { name: '分' }).click();
      await pane.locator('.ant-radio-wrapper', { hasText: '循环' }).locator('input[type=radio]').check();
      await pane.getByRole('spinbutton', { name: '循环开始', exact: true }).fill('5');
      await pane.getByRole('spinbutton', { name: '循环间隔', exact: true }).fill('15');
      await pane.getByRole('spinbutton', { name: '循环间隔', exact: true }).blur();
      await modal.getByRole('tab', { name: '日' }).click();
      await pane.locator('.ant-radio-wrapper', { hasText: '不设置' }).locator('input[type=radio]').check();
      await modal.getByRole('tab', { name: '周' }).click();
      await pane.locator('.ant-radio-wrapper', { hasText: '指定' }).locator('input[type=radio]').check();
      await pane.locator('.ant-checkbox-wrapper', { hasText: '周三' }).locator('input').check();
      await pane.locator('.ant-checkbox-wrapper', { hasText: '周日' }).locator('input').uncheck();
      await expect.poll(() => modal.getByLabel('Cron', { exact: true }).inputValue()).toBe('0 5/15 12 ? * 4 *');
      const expression = await modal.getByLabel('Cron', { exact: true }).inputValue();
      expect(await modal.getByLabel('日表达式').inputValue()).toBe('?');
      await expect.poll(() => previewLines(modal)).toBe(10);
      await confirmDialog(modal);
      await expect.poll(() => item.locator('input').first().inputValue()).toBe(expression);
      expect((await formValues(page)).easyCron).toBe(expression);

      await item.getByRole('button', { name: '选择' }).click();
      await modal.getByRole('tab', { name: '分' }).click();
      await expect.poll(() => pane.locator('.ant-radio-wrapper-checked').textContent()).toContain('循环');
      expect(await pane.getByRole('spinbutton', { name: '循环开始', exact: true }).inputValue()).toBe('5');
      expect(await pane.getByRole('spinbutton', { name: '循环间隔', exact: true }).inputValue()).toBe('15');
      await modal.getByRole('tab', { name: '周' }).click();
      await expect.poll(() => pane.locator('.ant-radio-wrapper-checked').textContent()).toContain('指定');
      expect(await pane.locator('.ant-checkbox-wrapper-checked').allTextContents()).toEqual(['周三']);
      await modal.getByRole('tab', { name: '日' }).click();
      await expect.poll(() => pane.locator('.ant-radio-wrapper-checked').textContent()).toContain('不设置');
    }));
});
