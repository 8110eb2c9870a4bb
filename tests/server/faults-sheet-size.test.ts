import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { importUpload } from './support/forms';
import { forgeDeclaredSizes, largeCellWorkbook, paddedRowsWorkbook, wideWorkbook } from './support/xlsx-bomb';

const HEADER = ['职务编码', '职务名称', '职级'];
const ROW = ['bomb', '炸弹', '1'];

/** Runs fn while sampling this process's resident memory; returns its result, the time and the peak growth. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; extraMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, ms: performance.now() - started, extraMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

describe.each(backends())('spreadsheets bounded by what they hold, on %s', (backend) => {
  let t: TestApp;
  let token = '';
  beforeAll(async () => {
    t = await startTestApp(backend);
    token = await t.login('admin');
  });
  afterAll(() => t?.close());

  const post = (file: Buffer) =>
    t.request({ method: 'POST', url: '/api/sys/position/importExcel', token, ...importUpload('bomb.xlsx', file) });
  const saved = async () => (await sql<{ id: string }>`select id from sys_position where code = 'bomb'`.execute(t.db)).rows.length;

  it('refuses a small file with forged sizes and one 100 MB cell, with the cell named, in little memory', async () => {
    const file = forgeDeclaredSizes(await largeCellWorkbook(HEADER, 100 * 1024 * 1024));
    expect(file.length).toBeLessThan(200 * 1024);
    const { value: res, ms, extraMb } = await measured(() => post(file));
    console.log(
      `forged ${Math.round(file.length / 1024)} KB file with a 100 MB cell: refused in ${Math.round(ms)} ms, +${Math.round(extraMb)} MB RSS`,
    );
    expect(res.json()).toMatchObject({ success: false, message: '第2行第1列的单元格超过32767个字符' });
    expect(extraMb).toBeLessThan(150);
    expect(await saved()).toBe(0);
  }, 120_000);

  it('refuses an honest file holding one 90 MB cell the same way', async () => {
    const file = await largeCellWorkbook(HEADER, 90 * 1024 * 1024);
    const { value: res, ms, extraMb } = await measured(() => post(file));
    console.log(
      `honest ${Math.round(file.length / 1024)} KB file with a 90 MB cell: refused in ${Math.round(ms)} ms, +${Math.round(extraMb)} MB RSS`,
    );
    expect(res.json()).toMatchObject({ success: false, message: '第2行第1列的单元格超过32767个字符' });
    expect(extraMb).toBeLessThan(150);
  }, 120_000);

  it('counts the bytes it unpacks whatever the zip declares, and stops at 100 MB', async () => {
    const file = forgeDeclaredSizes(await paddedRowsWorkbook(HEADER, ROW, 11_000, 10_000));
    const { value: res, ms, extraMb } = await measured(() => post(file));
    console.log(
      `forged ${Math.round(file.length / 1024)} KB file unpacking to 110 MB: refused in ${Math.round(ms)} ms, +${Math.round(extraMb)} MB RSS`,
    );
    expect(res.json()).toMatchObject({ success: false, message: '文件解压后超过100MB，请拆分后分批导入' });
    expect(extraMb).toBeLessThan(150);
    expect(await saved()).toBe(0);
  }, 120_000);

  it('refuses a sheet wider than the template at its first cell out of range, at once', async () => {
    const file = await wideWorkbook(HEADER, ROW, 19_000);
    const { value: res, ms } = await measured(() => post(file));
    console.log(`19,000 rows with a cell in column XFD: refused in ${Math.round(ms)} ms`);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(/^第2行第16384列超出模板的列数（最多\d+列）$/) });
    expect(ms).toBeLessThan(2_000);
    expect(await saved()).toBe(0);
  }, 60_000);

  it('still imports a cell of exactly 32,767 characters', async () => {
    const file = await largeCellWorkbook(HEADER, 32_767);
    const res = await post(file);
    // the cell is longer than the column: the row is refused by its length rule, not by the reader
    expect(res.json()).toMatchObject({ code: 201, result: { errorCount: 1 } });
    expect(JSON.stringify(res.json())).not.toContain('32767个字符');
  }, 60_000);
});
