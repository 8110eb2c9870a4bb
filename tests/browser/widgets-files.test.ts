import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, type RunningServer } from './harness';
import { fieldItem, formValues, withDemoPage } from './fixtures/widgets/demo-page';

const FIXTURES = path.resolve('tests/browser/fixtures/widgets');
const SAMPLE_PDF = path.join(FIXTURES, 'sample.pdf');

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

async function accessToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('pro__Access-Token'));
  return (JSON.parse(stored ?? '{}') as { value?: string }).value ?? '';
}

/** Uploads the sample PDF through the 文件上传 field and answers its stored path. */
async function uploadSamplePdf(page: Page): Promise<string> {
  const item = fieldItem(page, '文件上传');
  await item.locator('input[type=file]').setInputFiles(SAMPLE_PDF);
  await item.locator('.ant-upload-list-item-done', { hasText: 'sample.pdf' }).waitFor();
  await expect.poll(async () => (await formValues(page)).upload).toMatch(/^temp\/\d{8}\/sample_\w+\.pdf$/);
  return String((await formValues(page)).upload);
}

describe('uploads on the widget demo page', () => {
  it('stores the file, lists it, and its link downloads the same bytes without the token header', () =>
    demo('upload', async (page) => {
      const stored = await uploadSamplePdf(page);
      const rows = await server.sql<{ file_name: string; file_size: string }>(
        'SELECT file_name, file_size FROM sys_upload_file WHERE file_path = $1',
        [stored],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].file_name).toBe('sample.pdf');
      expect(Number(rows[0].file_size)).toBe(readFileSync(SAMPLE_PDF).length);

      const link = fieldItem(page, '文件上传').locator('.ant-upload-list-item a', { hasText: 'sample.pdf' }).first();
      await expect.poll(() => link.getAttribute('href')).toContain('sig=');
      const href = (await link.getAttribute('href')) ?? '';
      const plain = await page.request.get(new URL(href.split('?')[0], server.baseUrl).toString());
      expect(plain.status()).toBe(401);
      const download = await page.request.get(new URL(href, server.baseUrl).toString());
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.from(await download.body()).equals(readFileSync(SAMPLE_PDF))).toBe(true);

      const records = fieldItem(page, '文件记录上传');
      await records.locator('input[type=file]').setInputFiles(SAMPLE_PDF);
      await records.locator('.ant-upload-list-item-done', { hasText: 'sample.pdf' }).waitFor();
      await expect
        .poll(async () => (await formValues(page)).uploadRecords)
        .toEqual([
          {
            fileName: 'sample.pdf',
            filePath: expect.stringMatching(/^temp\/\d{8}\/sample_\w+\.pdf$/),
            fileSize: readFileSync(SAMPLE_PDF).length,
          },
        ]);
    }));

  it('a type outside the accept list is refused by the client, and by the server when sent directly', () =>
    demo('upload-refused', async (page) => {
      const item = fieldItem(page, '文件上传');
      await item.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'notes.txt'));
      await page.getByText('请上传.pdf,.jpg,.png,.jpeg格式的文件').waitFor();
      expect(await item.locator('.ant-upload-list-item').count()).toBe(0);
      expect((await formValues(page)).upload).toBeUndefined();

      const before = await server.sql('SELECT id FROM sys_upload_file');
      const form = new FormData();
      form.append('file', new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), 'page.html');
      form.append('biz', 'temp');
      const res = await fetch(`${server.apiUrl}/sys/common/upload`, {
        method: 'POST',
        body: form,
        headers: { 'X-Access-Token': await accessToken(page) },
      });
      const body = (await res.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/^不支持的文件类型，只允许上传.*格式的文件$/);
      expect(await server.sql('SELECT id FROM sys_upload_file')).toHaveLength(before.length);
    }));

  it('an uploaded image shows in the preview without the token header', () =>
    demo('image', async (page) => {
      const item = fieldItem(page, '图片上传');
      await item.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'sample.png'));
      await expect.poll(async () => (await formValues(page)).image).toMatch(/^temp\/\d{8}\/sample_\w+\.png$/);
      const preview = fieldItem(page, '图片预览').locator('img').first();
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    }));
});

describe('PDF viewer on the widget demo page', () => {
  it('shows an uploaded PDF and keeps the zoom between 40 and 100', () =>
    demo('pdf', async (page) => {
      const stored = await uploadSamplePdf(page);
      await fieldItem(page, 'PDF 文件路径').locator('input').fill(stored);
      const viewer = fieldItem(page, 'PDF 查看器');
      await expect.poll(() => viewer.getByLabel('页码').textContent()).toBe('1 / 2');
      await expect.poll(() => viewer.getByLabel('缩放').textContent()).toBe('100%');
      await viewer.getByRole('button', { name: '放大' }).click();
      await page.getByText('已经是最大喽~~').waitFor();
      for (let i = 0; i < 6; i += 1) await viewer.getByRole('button', { name: '缩小' }).click();
      await expect.poll(() => viewer.getByLabel('缩放').textContent()).toBe('40%');
      await viewer.getByRole('button', { name: '缩小' }).click();
      await page.getByText('已经是最小喽~~').waitFor();
      expect(await viewer.getByLabel('缩放').textContent()).toBe('40%');
      await viewer.getByRole('button', { name: '下一页' }).click();
      await expect.poll(() => viewer.getByLabel('页码').textContent()).toBe('2 / 2');
    }));
});
