import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, XlsxStreamWriter, type XlsxCell } from '../../server/core/xlsx-writer';

async function write(rows: XlsxCell[][], sheetName = '导出'): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const writer = new XlsxStreamWriter(out);
  await writer.start({ sheetName, widths: [20, 10] });
  for (const row of rows) await writer.addRow(row);
  await writer.finish();
  out.end();
  await new Promise((r) => out.once('end', r));
  return Buffer.concat(chunks);
}

async function read(file: Buffer): Promise<{ name: string; rows: unknown[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

describe('streaming xlsx writer', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes text, numbers, booleans and gaps that Excel readers read back', async () => {
    const { name, rows } = await read(
      await write([
        ['标题 <b>&"引号"', 12.5, true],
        [' 前后空格 ', null, false, -3],
        ['控制\u0001字符', undefined, '', 0],
      ]),
    );
    expect(name).toBe('导出');
    expect(rows[0]).toEqual(['标题 <b>&"引号"', 12.5, true]);
    expect(rows[1]).toEqual([' 前后空格 ', undefined, false, -3]);
    expect(rows[2]).toEqual(['控制字符', undefined, undefined, 0]);
  });

  it('keeps every row of a long sheet with many columns, in order', async () => {
    const wide = Array.from({ length: 30 }, (_, i) => `列${i}`);
    const rows: XlsxCell[][] = [wide];
    for (let r = 1; r <= 3000; r++) rows.push([`第${r}行`, r, ...wide.slice(2).map((c) => `${c}-${r}`)]);
    const back = (await read(await write(rows))).rows;
    expect(back).toHaveLength(3001);
    expect(back[0]).toEqual(wide);
    expect(back[2345]?.slice(0, 3)).toEqual(['第2345行', 2345, '列2-2345']);
    expect(back[3000]?.[29]).toBe('列29-3000');
  });

  it('merges the cells of a record down over the rows below it', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = new XlsxStreamWriter(out);
    await writer.start({ sheetName: '订单' });
    await writer.addRow(['订单号', '品名']);
    const first = writer.nextRow;
    await writer.addRow(['SO-1', '螺丝']);
    await writer.addRow([null, '螺母']);
    writer.mergeDown([0], first, writer.nextRow - 1);
    writer.mergeDown([0], writer.nextRow, writer.nextRow); // one row: nothing to merge
    await writer.addRow(['SO-2', '垫片']);
    await writer.finish();
    out.end();
    await new Promise((r) => out.once('end', r));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getCell('A3').isMerged && sheet.getCell('A3').master.address).toBe('A2');
    expect(sheet.getCell('A4').isMerged).toBe(false);
    expect(sheet.getCell('A4').value).toBe('SO-2');
  });

  it('cleans sheet names Excel refuses', async () => {
    expect((await read(await write([['x']], 'a/b:c*d?[e]超过三十一个字符的工作表名称会被截断到三十一个字符为止'))).name).toBe(
      'a b c d  e 超过三十一个字符的工作表名称会被截断到三',
    );
  });
});
