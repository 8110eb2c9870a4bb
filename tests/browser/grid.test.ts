import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, keepScreenshot, launchBrowser, newPage, signIn, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

const DEMO = '/jeecg/JVXETableDemo';
const ORDERS = '/jeecg/JeecgOrderMainListForJVxeTable';

async function signedInContext(): Promise<BrowserContext> {
  const { context: ctx, page } = await newPage(browser);
  await signIn(page, server, 'admin', ADMIN_PASSWORD);
  await page.waitForURL('**/dashboard/analysis');
  await page.close();
  return ctx;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await signedInContext();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function withPage(name: string, path: string, fn: (page: Page) => Promise<void>, ctx: BrowserContext = context): Promise<void> {
  const page = await ctx.newPage();
  try {
    await page.goto(`${server.baseUrl}${path}`);
    await fn(page);
  } catch (error) {
    await keepScreenshot(page, `grid-${name}`);
    throw error;
  } finally {
    await page.close();
  }
}

const row = (page: Page, id: string) => page.locator(`.eg [data-row-id="${id}"]`);
const cell = (page: Page, id: string, key: string) => row(page, id).locator(`[role="gridcell"][data-key="${key}"]`);
const rowIds = (page: Page) => page.locator('.eg [data-row-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-row-id')));
const cellTexts = (page: Page, key: string) => page.locator(`.eg [data-row-id] [role="gridcell"][data-key="${key}"]`).allTextContents();

async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await target.click();
  const input = target.locator('input');
  await input.fill(text);
  await input.press('Enter');
}

async function openDemo(page: Page): Promise<void> {
  await row(page, 'demo5').waitFor();
}

/** The cell is marked failing and hovering it shows `message` in a tooltip. */
async function expectCellError(page: Page, target: Locator, message: string): Promise<void> {
  await expect.poll(() => target.getAttribute('class')).toContain('eg-td-error');
  // the pointer still rests where the editor was: leave first so hovering enters the cell
  await page.mouse.move(0, 0);
  await target.hover();
  await page.getByRole('tooltip').filter({ hasText: message }).waitFor();
  await page.mouse.move(0, 0);
}

describe('editable grid in the browser', () => {
  it('shows every cell type on the demo page with the statistics footer (合计 / 平均) following edits', () =>
    withPage('demo', DEMO, async (page) => {
      await openDemo(page);
      await keepScreenshot(page, 'grid-demo-page');
      expect(await rowIds(page)).toEqual(['demo1', 'demo2', 'demo3', 'demo4', 'demo5', 'demo6']);
      const amountIndex = await page
        .locator('.eg [data-row-id="demo1"] > *')
        .evaluateAll((els) => els.findIndex((e) => e.getAttribute('data-key') === 'amount' || !!e.querySelector('[data-key="amount"]')));
      const footer = (kind: string) => page.locator(`[data-statistics="${kind}"] > *`).nth(amountIndex).textContent();
      expect(await page.locator('[data-statistics="sum"] > *').first().textContent()).toBe('合计');
      expect(await footer('sum')).toBe('2100');
      expect(await footer('average')).toBe('350');
      await typeInto(page, cell(page, 'demo1', 'amount'), '1000');
      await expect.poll(() => footer('sum')).toBe('3000');
      expect(await footer('average')).toBe('500');
      const shown = async (key: string) => (await cell(page, 'demo1', key).innerText()).replace(/\s+/g, ' ').trim();
      const expected: Record<string, string> = {
        name: '示例一号',
        status: '启用',
        searchSel: '苹果',
        multi: '红,绿',
        province: '北京市',
        city: '北京市辖区',
        area: '东城区',
        date: '2024-01-01',
        datetime: '2024-01-01 08:30:00',
        time: '08:30:00',
      };
      for (const [key, text] of Object.entries(expected)) await expect.poll(() => shown(key), { message: key }).toBe(text);
      expect(await row(page, 'demo1').locator('[data-key="secret"]').count()).toBe(0);
      // tags in the spec's format: one every 2 characters, separated by ';'
      expect(await cell(page, 'demo1', 'tags').locator('.ant-tag').allTextContents()).toEqual(['监理', '信用']);
      await cell(page, 'demo2', 'tags').click();
      await cell(page, 'demo2', 'tags').locator('input').fill('');
      await cell(page, 'demo2', 'tags').locator('input').pressSequentially('信用;评级');
      expect(await cell(page, 'demo2', 'tags').locator('input').inputValue()).toBe('信用;评级');
      await cell(page, 'demo2', 'tags').locator('input').press('Enter');
      // the draft row (状态 草稿) is read-only and cannot be selected
      expect(await row(page, 'demo6').getByLabel('选择行').isDisabled()).toBe(true);
      await cell(page, 'demo6', 'input').click();
      expect(await cell(page, 'demo6', 'input').locator('input').count()).toBe(0);
    }));

  it('adds a row, inserts below, warns on a too-fast insert, removes with confirmation and renumbers orderNum after a drag', () =>
    withPage('rows', DEMO, async (page) => {
      await openDemo(page);
      await page.getByRole('button', { name: /新增$/ }).click();
      await expect.poll(async () => (await rowIds(page)).length).toBe(7);
      const handle = (id: string) => row(page, id).locator('[aria-label="拖动排序"]');
      await handle('demo1').click();
      await page.getByRole('menuitem', { name: '插入一行' }).click();
      // the second insert follows at once: checking the rows in between could outlast the 1500 ms on a busy machine
      await handle('demo2').click();
      await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '插入一行' }).click();
      await page.getByText('你点击的太快了，请慢点点击!').waitFor();
      expect((await rowIds(page)).length).toBe(8);
      expect((await rowIds(page))[0]).toBe('demo1');
      expect((await rowIds(page))[1]).not.toMatch(/^demo/);

      await row(page, 'demo5').getByLabel('选择行').check();
      await page.getByRole('button', { name: /删\s*除/ }).click();
      await page.getByText('确定要删除这 1 项吗?').waitFor();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await expect.poll(async () => (await rowIds(page)).includes('demo5')).toBe(false);

      await handle('demo3').dragTo(row(page, 'demo1'));
      await expect.poll(async () => (await rowIds(page))[0]).toBe('demo3');
      const numbers = (await cellTexts(page, 'orderNum')).map(Number);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }));

  it('shows each validation kind on the cell: required, unique, preset, custom pattern, phone, money', () =>
    withPage('validation', DEMO, async (page) => {
      await openDemo(page);
      await typeInto(page, cell(page, 'demo1', 'input'), '');
      await expectCellError(page, cell(page, 'demo1', 'input'), '输入框不能为空');
      await typeInto(page, cell(page, 'demo3', 'input'), '文本2');
      await expectCellError(page, cell(page, 'demo3', 'input'), '输入框不能重复');
      await typeInto(page, cell(page, 'demo1', 'code'), 'ab1');
      await expectCellError(page, cell(page, 'demo1', 'code'), '编码只能是字母');
      await typeInto(page, cell(page, 'demo2', 'code'), 'Abc');
      await expectCellError(page, cell(page, 'demo2', 'code'), '编码须以小写字母开头');
      await typeInto(page, cell(page, 'demo1', 'mobile'), '12345');
      await expectCellError(page, cell(page, 'demo1', 'mobile'), '手机号格式不正确');
      await typeInto(page, cell(page, 'demo1', 'amount'), '1.234');
      await expectCellError(page, cell(page, 'demo1', 'amount'), '金额格式不正确');
      await typeInto(page, cell(page, 'demo1', 'amount'), '12.5');
      await expect.poll(() => cell(page, 'demo1', 'amount').getAttribute('class')).not.toContain('eg-td-error');
      // a handler named in the schema ("handler": "noSpaces")
      await typeInto(page, cell(page, 'demo2', 'input'), '含 空格');
      await expectCellError(page, cell(page, 'demo2', 'input'), '输入框不能包含空格');
      await typeInto(page, cell(page, 'demo2', 'input'), '无空格');
      await expect.poll(() => cell(page, 'demo2', 'input').getAttribute('class')).not.toContain('eg-td-error');
    }));

  it('adds rows by the add-row settings (count and position), saved as default with 保存成功', () =>
    withPage('add-settings', DEMO, async (page) => {
      try {
        await openDemo(page);
        await page.getByRole('button', { name: '新增设置' }).click();
        await page.getByLabel('添加行数').fill('2');
        await page.getByLabel('添加位置').fill('1');
        await page.getByLabel('添加位置').press('Tab');
        await page.getByRole('button', { name: /保存为默认值/ }).click();
        await page.getByText('保存成功').waitFor();
        await page.reload();
        await openDemo(page);
        await page.getByRole('button', { name: /新增$/ }).click();
        await expect.poll(async () => (await rowIds(page)).length).toBe(8);
        const ids = await rowIds(page);
        expect(ids[0]).toBe('demo1');
        expect(ids.slice(1, 3).every((id) => !id?.startsWith('demo'))).toBe(true);
        expect(ids[3]).toBe('demo2');
        await page.getByRole('button', { name: '新增设置' }).click();
        expect(await page.getByLabel('添加行数').inputValue()).toBe('2');
        expect(await page.getByLabel('添加位置').inputValue()).toBe('1');
      } finally {
        await page.evaluate(() => localStorage.removeItem('jet-add-btn-settings'));
      }
    }));

  it('links province → city → area: a new parent clears the children and offers its own options', () =>
    withPage('linkage', DEMO, async (page) => {
      await openDemo(page);
      expect(await cell(page, 'demo1', 'area').textContent()).toBe('东城区');
      await cell(page, 'demo1', 'province').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('上海市', { exact: true }).click();
      await expect.poll(() => cell(page, 'demo1', 'city').textContent()).toBe('');
      expect(await cell(page, 'demo1', 'area').textContent()).toBe('');
      await cell(page, 'demo1', 'city').click();
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect.poll(() => options.allTextContents()).toEqual(['上海市辖区']);
      await options.first().click();
      await cell(page, 'demo1', 'area').click();
      await expect.poll(() => options.allTextContents()).toEqual(['黄浦区', '徐汇区']);
    }));

  it('opens the sub-table popover with the row on a click of a read-only cell and closes it', () =>
    withPage('popover', DEMO, async (page) => {
      await openDemo(page);
      await cell(page, 'demo2', 'name').click();
      const popover = page.getByRole('dialog', { name: '子表' });
      await popover.waitFor();
      expect(await popover.locator('.eg-row-details').textContent()).toContain('示例二号');
      await popover.getByLabel('关闭').click();
      await popover.waitFor({ state: 'detached' });
    }));

  it('keeps frozen columns (#, 排序, 名称) in view while scrolling sideways; other columns scroll away', () =>
    withPage('fixed', DEMO, async (page) => {
      await openDemo(page);
      const scroller = page.locator('.eg-scroll');
      const boxOf = async (target: Locator) => (await target.boundingBox()) as { x: number; y: number; width: number; height: number };
      const nameBefore = await boxOf(cell(page, 'demo1', 'name'));
      const inputBefore = await boxOf(cell(page, 'demo1', 'input'));
      await scroller.evaluate((el) => (el.scrollLeft = 1500));
      await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(1000);
      await keepScreenshot(page, 'grid-fixed-columns-scrolled');
      const nameAfter = await boxOf(cell(page, 'demo1', 'name'));
      expect(Math.round(nameAfter.x)).toBe(Math.round(nameBefore.x));
      expect((await boxOf(cell(page, 'demo1', 'input'))).x).toBeLessThan(inputBefore.x - 1000);
      // nothing scrolled over the frozen cells: the point at their centre still hits them
      const hit = (target: Locator) =>
        target.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
        });
      expect(await hit(cell(page, 'demo1', 'name'))).toBe(true);
      expect(await hit(cell(page, 'demo1', 'orderNum'))).toBe(true);
      expect(await hit(row(page, 'demo1').locator('[data-internal="row-number"]'))).toBe(true);
      expect(await hit(page.locator('.eg-th', { hasText: '名称' }))).toBe(true);
      expect(await row(page, 'demo1').locator('[data-internal="row-number"]').textContent()).toBe('1');
    }));

  it('moves a keyboard cursor with arrows and Tab; Enter edits, Esc cancels, Tab keeps the value', () =>
    withPage('keyboard', DEMO, async (page) => {
      await openDemo(page);
      const grid = page.locator('.eg-scroll');
      await grid.focus();
      const cursor = () =>
        page
          .locator('[role="gridcell"][aria-selected="true"]')
          .evaluate((el) => `${el.closest('[data-row-id]')?.getAttribute('data-row-id')}:${el.getAttribute('data-key')}`);
      await page.keyboard.press('ArrowDown');
      expect(await cursor()).toBe('demo1:orderNum');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowRight');
      expect(await cursor()).toBe('demo1:input');
      const before = (await cell(page, 'demo1', 'input').textContent()) ?? '';
      await page.keyboard.press('Enter');
      const editor = cell(page, 'demo1', 'input').locator('input');
      await expect.poll(() => editor.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('丢弃');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
      expect(await cell(page, 'demo1', 'input').textContent()).toBe(before);
      await page.keyboard.press('Enter');
      await editor.waitFor();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('键盘录入');
      await keepScreenshot(page, 'grid-keyboard-editing');
      await page.keyboard.press('Tab');
      await editor.waitFor({ state: 'detached' });
      expect(await cell(page, 'demo1', 'input').textContent()).toBe('键盘录入');
      expect(await cursor()).toBe('demo1:code');
      await page.keyboard.press('ArrowDown');
      expect(await cursor()).toBe('demo2:code');
      await keepScreenshot(page, 'grid-keyboard-cursor');
    }));

  it('typing on the cursor cell edits it with that key, a select opens with it as search; Delete/Backspace clear; Esc closes a dropdown before cancelling', () =>
    withPage('typing', DEMO, async (page) => {
      await openDemo(page);
      const grid = page.locator('.eg-scroll');
      await grid.focus();
      const press = async (...keys: string[]) => {
        for (const key of keys) await page.keyboard.press(key);
      };
      const amountIndex = await page
        .locator('.eg [data-row-id="demo1"] > *')
        .evaluateAll((els) => els.findIndex((e) => e.getAttribute('data-key') === 'amount'));
      const sum = () => page.locator('[data-statistics="sum"] > *').nth(amountIndex).textContent();

      await press('ArrowDown', 'ArrowRight', 'ArrowRight');
      await press('K');
      const editor = cell(page, 'demo1', 'input').locator('input');
      await expect.poll(() => editor.inputValue()).toBe('K');
      await page.keyboard.type('ey');
      expect(await editor.inputValue()).toBe('Key');
      await press('Enter');
      await editor.waitFor({ state: 'detached' });
      expect(await cell(page, 'demo1', 'input').textContent()).toBe('Key');

      await press('Backspace');
      await expect.poll(() => cell(page, 'demo1', 'input').textContent()).toBe('');
      await expectCellError(page, cell(page, 'demo1', 'input'), '输入框不能为空');

      expect(await sum()).toBe('2100');
      await press('ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Delete');
      await expect.poll(() => sum()).toBe('2000');
      expect(await cell(page, 'demo1', 'amount').textContent()).toBe('');

      // 可搜索下拉 also takes typed text (allowInput): the typed key is the search and the one option left
      await press('ArrowRight', 'ArrowRight', 'ArrowRight', 'z');
      const search = cell(page, 'demo1', 'searchSel').getByRole('combobox');
      await expect.poll(() => search.inputValue()).toBe('z');
      await page.keyboard.type('k');
      expect(await search.inputValue()).toBe('zk');
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect.poll(() => options.allTextContents()).toEqual(['zk']);
      await keepScreenshot(page, 'grid-typing-select-search');
      await press('Enter');
      await expect.poll(() => cell(page, 'demo1', 'searchSel').textContent()).toBe('zk');

      await press('ArrowLeft', 'Enter');
      const status = cell(page, 'demo1', 'status').getByRole('combobox');
      await expect.poll(() => status.getAttribute('aria-expanded')).toBe('true');
      await press('ArrowDown', 'Escape');
      await expect.poll(() => status.getAttribute('aria-expanded')).toBe('false');
      expect(await status.count()).toBe(1);
      await press('Escape');
      await status.waitFor({ state: 'detached' });
      expect(await cell(page, 'demo1', 'status').textContent()).toBe('启用');
      await keepScreenshot(page, 'grid-typing-cleared');
    }));

  it('uploads into a file cell with the token, downloads it through a signed address and offers 更多', () =>
    withPage('file-download', DEMO, async (page) => {
      await openDemo(page);
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
      const fileCell = cell(page, 'demo1', 'file');
      const uploaded = page.waitForRequest((r) => r.url().includes('/sys/common/upload') && r.method() === 'POST');
      await fileCell.locator('input[type="file"]').setInputFiles({ name: 'report.png', mimeType: 'image/png', buffer: png });
      expect((await uploaded).headers()['x-access-token']).toBeTruthy();
      await fileCell.getByText('repor…').waitFor();
      await keepScreenshot(page, 'grid-file-cell');

      await fileCell.getByLabel('文件操作').click();
      const opened = context.waitForEvent('page');
      const served = context.waitForEvent('response', (r) => r.url().includes('/sys/common/static/'));
      await page.getByRole('menuitem', { name: '下载' }).click();
      const download = await opened;
      const response = await served;
      expect(response.url()).toMatch(/\?exp=\d+&sig=/);
      expect(response.status()).toBe(200);
      expect(Buffer.from(await response.body()).equals(png)).toBe(true);
      await download.close();
      // the same file without the signature is refused to a caller without the token
      const plain = response.url().replace(/\?.*$/, '');
      expect((await page.request.get(plain)).status()).toBe(401);

      await fileCell.getByLabel('文件操作').click();
      await page.getByRole('menuitem', { name: '更多' }).click();
      const pop = page.getByRole('dialog', { name: '文件上传' });
      await pop.waitFor();
      await page.getByRole('menuitem', { name: '更多' }).waitFor({ state: 'hidden' });
      await expect.poll(() => pop.evaluate((el) => getComputedStyle(el.closest('.ant-modal') ?? el).opacity)).toBe('1');
      await keepScreenshot(page, 'grid-file-pop');
      await pop.getByRole('button', { name: /取\s*消/ }).click();
      await pop.waitFor({ state: 'hidden' });
    }));

  it('an edit in one browser appears in another page bound to the same socket key, highlighted', async () => {
    const other = await signedInContext();
    const pageA = await context.newPage();
    const pageB = await other.newPage();
    try {
      const frames = (page: Page) => {
        const received: string[] = [];
        page.on('websocket', (ws) => {
          if (!ws.url().includes('/vxeSocket/')) return;
          expect(ws.url()).toContain('ticket=');
          expect(ws.url()).not.toContain('token');
          ws.on('framereceived', (f) => received.push(String(f.payload)));
          if (process.env.GRID_DEBUG) ws.on('framesent', (f) => console.log('sent', f.payload));
        });
        return received;
      };
      const receivedA = frames(pageA);
      const receivedB = frames(pageB);
      await pageA.goto(`${server.baseUrl}${DEMO}`);
      await pageB.goto(`${server.baseUrl}${DEMO}`);
      await Promise.all([openDemo(pageA), openDemo(pageB)]);
      // both sockets answered a heartbeat: open and bound
      await expect.poll(() => receivedA.length > 0 && receivedB.length > 0, { timeout: 20_000 }).toBe(true);
      await typeInto(pageA, cell(pageA, 'demo3', 'input'), '同步测试');
      await expect
        .poll(() => cell(pageB, 'demo3', 'input').textContent(), { timeout: 10_000, message: receivedB.join('\n') })
        .toBe('同步测试');
      expect(await cell(pageB, 'demo3', 'input').getAttribute('class')).toContain('eg-highlight');
      await expect.poll(() => cell(pageB, 'demo3', 'input').getAttribute('class'), { timeout: 5_000 }).not.toContain('eg-highlight');
    } catch (error) {
      await keepScreenshot(pageB, 'grid-socket-b');
      throw error;
    } finally {
      await other.close();
      await pageA.close();
    }
  });

  it('saves an order with customer and ticket grids; a failing ticket row activates the 机票信息 tab', () =>
    withPage('order', ORDERS, async (page) => {
      await page
        .getByRole('button', { name: /新\s*增/ })
        .first()
        .click();
      const modal = page.locator('.ant-modal:visible');
      await modal.getByPlaceholder('请输入订单号').fill('JX-001');
      await modal.getByRole('tab', { name: '客户信息' }).click();
      const customerPane = modal.locator('.ant-tabs-tabpane-active');
      await customerPane.getByRole('button', { name: /新增$/ }).click();
      await typeInto(page, customerPane.locator('[role="gridcell"][data-key="name"]').first(), '张三');
      await modal.getByRole('tab', { name: '机票信息' }).click();
      await modal.locator('.ant-tabs-tabpane-active').getByRole('button', { name: /新增$/ }).click();
      await modal.getByRole('tab', { name: '客户信息' }).click();
      await modal.getByRole('button', { name: /确\s*定/ }).click();
      await expect.poll(() => modal.locator('.ant-tabs-tab-active').textContent()).toBe('机票信息');
      const ticketCell = modal.locator('.ant-tabs-tabpane-active [role="gridcell"][data-key="ticketCode"]').first();
      await expect.poll(() => ticketCell.getAttribute('class')).toContain('eg-td-error');
      // the failing grid marks its cell, not every editor opened in it
      const dateCell = modal.locator('.ant-tabs-tabpane-active [role="gridcell"][data-key="tickectDate"]').first();
      await dateCell.click();
      const dateEditor = dateCell.locator('.ant-picker');
      await dateEditor.waitFor();
      expect(await dateEditor.evaluate((el) => getComputedStyle(el).borderTopColor)).not.toBe('rgb(255, 77, 79)');
      // Esc cancels the cell's edit and leaves the dialog open
      await page.keyboard.press('Escape');
      await expect.poll(() => dateCell.locator('.ant-picker').count()).toBe(0);
      await page.waitForTimeout(500);
      expect(await modal.isVisible()).toBe(true);
      await typeInto(page, ticketCell, 'CA1234');
      await modal.getByRole('button', { name: /确\s*定/ }).click();
      await page.getByText('添加成功！').waitFor();
      await page.getByRole('cell', { name: 'JX-001' }).waitFor();
      const rows = await server.sql<{ name: string }>(
        `select c.name from jeecg_order_customer c join jeecg_order_main m on m.id = c.order_id where m.order_code = 'JX-001'`,
      );
      expect(rows.map((r) => r.name)).toEqual(['张三']);
      const tickets = await server.sql<{ ticket_code: string }>(`select ticket_code from jeecg_order_ticket`);
      expect(tickets.map((r) => r.ticket_code)).toEqual(['CA1234']);
    }));
});
