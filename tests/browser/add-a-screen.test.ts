/**
 * docs/add-a-screen.md end to end: the guide's example screen (an entity, a page of a few lines, a
 * menu file, a dictionary file — read from the guide) kept in temp folders named by ENTITY_DIRS,
 * PAGE_SCHEMA_DIRS, MENU_DIRS and DICT_DIRS. After a start, with no click in 菜单管理 or 字典管理, the
 * administrator sees the menu and the toolbar, adds records and queries them.
 */
import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSeedData } from '../../server/db/seed/index';
import { writeGuideExample, type ExampleDirs } from '../server/support/guide';
import { ADMIN_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';
import { columnTexts, formItem, modal, pick, rowOf } from './fixtures/schema-page/ui';

const STEP = 120_000;
const QUERY = /(^|\s)查\s*询$/;
let example: ExampleDirs;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  example = writeGuideExample();
  server = await startServer({ env: example.env });
  browser = await launchBrowser();
  page = (await newPage(browser)).page;
  page.setDefaultTimeout(30_000);
  await signIn(page, server, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard/analysis');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (example) rmSync(example.root, { recursive: true, force: true });
});

function step(name: string, fn: () => Promise<void>) {
  return it(
    name,
    async () => {
      try {
        await fn();
      } catch (error) {
        await keepScreenshot(page, `add-a-screen-${name.slice(0, 40)}`);
        throw error;
      }
    },
    STEP,
  );
}

const names = () => columnTexts(page, '专家姓名');

async function addTraining(values: { name: string; course: string; type: string; date: string; hours: string; certificate: string }) {
  await page.getByRole('button', { name: '新增' }).click();
  const form = modal(page, '新增');
  await form.waitFor();
  await formItem(form, '专家姓名').locator('input').fill(values.name);
  await formItem(form, '培训课程').locator('input').fill(values.course);
  await pick(page, formItem(form, '培训类型').locator('.ant-select'), values.type);
  const date = formItem(form, '培训日期').locator('input');
  await date.click();
  await date.fill(values.date);
  await date.press('Enter');
  await formItem(form, '学时').locator('input').fill(values.hours);
  await formItem(form, '结业证书编号').locator('input').fill(values.certificate);
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await form.waitFor({ state: 'detached' });
  await rowOf(page, values.name).waitFor();
}

describe('a screen added as docs/add-a-screen.md says, with no clicks in the admin screens', () => {
  step('start-up says what the files added (on this new database: every row of schemas/ and of the example)', async () => {
    const { menus, dicts } = loadSeedData(example.env);
    expect(menus.some((m) => m.id === 'm_xypj_expert_training') && dicts.some((d) => d.code === 'xypj_training_type')).toBe(true);
    expect(server.output()).toContain(
      `Added from the menu and dictionary files: ${menus.length} menu and button rows; ${dicts.length} dictionaries.`,
    );
  });

  step('the menu is there and opens the page with its columns, query form and toolbar', async () => {
    await page.locator('.ant-menu-item', { hasText: '专家培训记录' }).click();
    await page.waitForURL('**/xypj/expertTraining');
    await page.locator('.ant-table-thead th', { hasText: '专家姓名' }).waitFor();
    const headers = (await page.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
    expect(headers).toEqual(['专家姓名', '培训课程', '培训类型', '培训日期', '学时', '结业证书编号', '操作']);
    for (const label of ['专家姓名', '培训类型', '培训日期'])
      await page.locator('.renderer-query .ant-formily-item-label', { hasText: label }).waitFor();
    for (const name of ['新增', '导入', '导出', '高级查询']) await page.getByRole('button', { name }).waitFor();
  });

  step("add: the entity's rules apply; records are saved with the dictionary's texts", async () => {
    await page.getByRole('button', { name: '新增' }).click();
    const form = modal(page, '新增');
    await form.waitFor();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await formItem(form, '专家姓名').getByText('该字段是必填字段').waitFor();
    await formItem(form, '专家姓名').locator('input').fill('很'.repeat(51));
    await formItem(form, '专家姓名').getByText('专家姓名长度不能超过50个字符').waitFor();
    await keepScreenshot(page, 'add-a-screen-form');
    await form.getByRole('button', { name: /取\s*消/ }).click();
    await form.waitFor({ state: 'detached' });

    await addTraining({
      name: '张建国',
      course: '监理规范解读',
      type: '继续教育',
      date: '2024-05-06',
      hours: '8',
      certificate: 'JX-2024-001',
    });
    await addTraining({
      name: '李明',
      course: '安全生产管理',
      type: '岗前培训',
      date: '2024-03-01',
      hours: '16',
      certificate: 'GQ-2024-002',
    });
    await addTraining({
      name: '张丽',
      course: '信用评价办法',
      type: '专题研修',
      date: '2024-06-10',
      hours: '4.5',
      certificate: 'ZT-2024-003',
    });
    await expect.poll(names).toEqual(['张丽', '李明', '张建国']);
    expect(await columnTexts(page, '培训类型')).toEqual(['专题研修', '岗前培训', '继续教育']);
    expect(await columnTexts(page, '培训日期')).toEqual(['2024-06-10', '2024-03-01', '2024-05-06']);
  });

  step('query by part of the name and by type', async () => {
    await page.getByPlaceholder('请输入专家姓名').fill('张');
    await page.getByRole('button', { name: QUERY }).click();
    await expect.poll(names).toEqual(['张丽', '张建国']);
    await pick(
      page,
      page.locator('.renderer-query').locator('.ant-formily-item', { hasText: '培训类型' }).locator('.ant-select'),
      '继续教育',
    );
    await page.getByRole('button', { name: QUERY }).click();
    await expect.poll(names).toEqual(['张建国']);
    await keepScreenshot(page, 'add-a-screen-list');
  });
});
