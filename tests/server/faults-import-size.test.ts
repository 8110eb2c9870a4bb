import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from './support/app';
import { importUpload } from './support/forms';
import { repeatedRowsWorkbook } from './support/xlsx-bomb';

const HEADER = ['职务编码', '职务名称', '职级'];
const ROW = ['bomb', '炸弹', '1'];

/** Runs fn while sampling this process's resident memory; returns its result, the time and the peak growth. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; extraMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, ms: performance.now() - started, extraMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

describe.each(backends())('oversized .xlsx imports on %s', (backend) => {
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

  it('refuses 2 million identical rows in a ~1 MB file (rows without numbers) in under 2 s and 100 MB', async () => {
    const file = await repeatedRowsWorkbook(HEADER, ROW, 2_000_000, false);
    expect(file.length).toBeLessThan(1.5 * 1024 * 1024);
    const { value: res, ms, extraMb } = await measured(() => post(file));
    console.log(
      `2,000,000-row import (${Math.round(file.length / 1024)} KB): refused in ${Math.round(ms)} ms, +${Math.round(extraMb)} MB RSS`,
    );
    expect(res.json()).toMatchObject({ success: false, message: '文件解压后超过100MB，请拆分后分批导入' });
    expect(ms).toBeLessThan(2_000);
    expect(extraMb).toBeLessThan(100);
    expect(await saved()).toBe(0);
  }, 60_000);

  it('stops reading at the row limit while streaming a file that unpacks to less than the size limit', async () => {
    const file = await repeatedRowsWorkbook(HEADER, ROW, 200_000);
    const { value: res, ms, extraMb } = await measured(() => post(file));
    console.log(
      `200,000-row import (${Math.round(file.length / 1024)} KB): refused in ${Math.round(ms)} ms, +${Math.round(extraMb)} MB RSS`,
    );
    expect(res.json()).toMatchObject({ success: false, message: '单个文件最多导入20000行数据' });
    expect(ms).toBeLessThan(2_000);
    expect(extraMb).toBeLessThan(100);
    expect(await saved()).toBe(0);
  }, 60_000);

  it('still imports a streamed file of ordinary size', async () => {
    const file = await repeatedRowsWorkbook(HEADER, ['bomb', '炸弹', '1'], 1);
    const res = await post(file);
    expect(res.json()).toMatchObject({ success: true, message: '共1行数据全部导入成功！' });
    expect(await saved()).toBe(1);
  });
});
