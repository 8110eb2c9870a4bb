import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readXlsSheet } from '../../server/modules/entity/xls/read-xls';
import { readFirstSheet } from '../../server/modules/entity/xlsx-stream';
import { xlsWorkbook } from './support/xls-writer';

const read = (file: Buffer, maxColumns = 20) => readFirstSheet(file, 1000, '行数太多', '格式不正确', maxColumns);

async function book(fill: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('.xlsx reader', () => {
  it('gives the values exceljs would: shared and inline strings, entities, rich text, dates by format, formula results, booleans', async () => {
    const file = await book((wb) => {
      const ws = wb.addWorksheet('导入');
      ws.addRow(['编码', '名称', '日期', '数', '是否', '富文本', '公式']);
      ws.addRow([
        'A&B <1>',
        '中文\n换行',
        new Date(Date.UTC(2026, 2, 5, 8, 30)),
        12.5,
        true,
        { richText: [{ text: '粗' }, { text: '体' }] },
        { formula: 'D2*2', result: 25 },
      ]);
      ws.getCell('C2').numFmt = 'yyyy"年"m"月"d"日" hh:mm';
      ws.getCell('B4').value = '第四行';
      wb.addWorksheet('第二页').addRow(['不读']);
    });
    const sheet = await read(file);
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.rows.get(1)?.slice(1)).toEqual(['编码', '名称', '日期', '数', '是否', '富文本', '公式']);
    expect(sheet?.rows.get(2)?.slice(1)).toEqual(['A&B <1>', '中文\n换行', new Date(Date.UTC(2026, 2, 5, 8, 30)), 12.5, true, '粗体', 25]);
    expect(sheet?.rows.get(4)?.[2]).toBe('第四行');
  });

  it('refuses a shared string longer than a cell may be, and a cell right of the template', async () => {
    const long = await book((wb) => wb.addWorksheet('s').addRow(['x'.repeat(32_768)]));
    await expect(read(long)).rejects.toThrow('文件中有单元格超过32767个字符');
    const exact = await book((wb) => wb.addWorksheet('s').addRow(['x'.repeat(32_767)]));
    expect((await read(exact))?.rows.get(1)?.[1]).toHaveLength(32_767);
    const wide = await book((wb) => (wb.addWorksheet('s').getCell('Z3').value = '远'));
    await expect(read(wide)).rejects.toThrow('第3行第26列超出模板的列数（最多20列）');
  });

  it('answers the format message for what is not a readable zip', async () => {
    await expect(read(Buffer.from('PK\u0003\u0004 not really a zip'))).rejects.toThrow('格式不正确');
    const file = await book((wb) => wb.addWorksheet('s').addRow(['a']));
    await expect(read(file.subarray(0, file.length - 40))).rejects.toThrow('格式不正确');
  });
});

describe('.xls reader limits', () => {
  it('refuses a cell right of the template and a string longer than Excel allows, naming the cell', () => {
    const limits = { maxRows: 100, maxCells: 1000, rowsMessage: '行数太多', maxColumns: 3 };
    expect(() =>
      readXlsSheet(
        xlsWorkbook([
          ['a', 'b', 'c'],
          ['a', 'b', 'c', 'd'],
        ]),
        limits,
      ),
    ).toThrow('第2行第4列超出模板的列数（最多3列）');
    expect(() => readXlsSheet(xlsWorkbook([['a'], [{ label: 'x'.repeat(32_768) }]]), limits)).toThrow('第2行第1列的单元格超过32767个字符');
  });
});
