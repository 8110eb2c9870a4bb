import CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/core/envelope';
import { isDateFormat } from '../../server/modules/entity/xls/number-formats';
import { readXlsSheet, XLS_ENCRYPTED_MESSAGE, XLS_VERSION_MESSAGE, type XlsLimits } from '../../server/modules/entity/xls/read-xls';
import { xlsWorkbook } from './support/xls-writer';

const LIMITS: XlsLimits = { maxRows: 1000, maxCells: 10_000, rowsMessage: '行数太多' };
const LONG_CHINESE = '工程建设监理企业信用评价管理办法实施细则（二〇二四年修订版）';
const LONG_ASCII = 'supervision-enterprise-credit-evaluation-2024';

const read = (file: Buffer, limits = LIMITS) => {
  const sheet = readXlsSheet(file, limits);
  if (!sheet) throw new Error('no sheet');
  return sheet;
};

describe('BIFF8 worksheet reader', () => {
  it('reads shared strings (Chinese, split across CONTINUE records), numbers, RK, MULRK, booleans and inline labels', () => {
    const file = xlsWorkbook(
      [
        ['编码', '名称', '说明'],
        [
          'a1',
          LONG_CHINESE,
          LONG_ASCII,
          12.5,
          { rk: 42 },
          { rk: -7 },
          { rk: 12.34 },
          { label: '行内 标签' },
          { bool: true },
          { bool: false },
        ],
        [null, null, '编码', { mulrk: [1, 2, 300] }],
      ],
      { sstChunk: 24 },
    );
    const sheet = read(file);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.values(1).slice(1)).toEqual(['编码', '名称', '说明']);
    expect(sheet.values(2).slice(1)).toEqual(['a1', LONG_CHINESE, LONG_ASCII, 12.5, 42, -7, 12.34, '行内 标签', true, false]);
    const third = sheet.values(3);
    expect(third[1]).toBeUndefined();
    expect(third.slice(3)).toEqual(['编码', 1, 2, 300]);
    expect(sheet.values(9)).toEqual([]);
  });

  it('gives dates for numbers under built-in and custom date formats, in either date system', () => {
    const row = [{ date: 45306 }, { date: 45306.5 }, 45306];
    const plain = read(xlsWorkbook([row])).values(1);
    expect(plain[1]).toEqual(new Date('2024-01-15T00:00:00Z'));
    expect(plain[2]).toEqual(new Date('2024-01-15T12:00:00Z'));
    expect(plain[3]).toBe(45306);
    const from1904 = read(xlsWorkbook([row], { date1904: true })).values(1);
    expect(from1904[1]).toEqual(new Date('2028-01-16T00:00:00Z'));
  });

  it('tells date formats by their codes, ignoring quoted text, escapes and bracketed sections', () => {
    expect(isDateFormat(14, undefined)).toBe(true);
    expect(isDateFormat(31, undefined)).toBe(true);
    expect(isDateFormat(2, undefined)).toBe(false);
    expect(isDateFormat(164, 'yyyy"年"m"月"d"日"')).toBe(true);
    expect(isDateFormat(165, '[h]:mm:ss')).toBe(true);
    expect(isDateFormat(166, '#,##0.00_);[Red](#,##0.00)')).toBe(false);
    expect(isDateFormat(167, '0.00 "days"')).toBe(false);
    expect(isDateFormat(168, '[$-804]G/通用格式')).toBe(false);
    expect(isDateFormat(169, '0\\d')).toBe(false);
  });

  it('reads cached formula results: numbers, strings (from the STRING record) and booleans', () => {
    const sheet = read(xlsWorkbook([[{ formula: 3.25 }, { formula: '公式结果' }, { formula: true }, { formula: '' }]]));
    expect(sheet.values(1).slice(1)).toEqual([3.25, '公式结果', true, '']);
  });

  it('skips a chart sheet listed first and reads the first worksheet', () => {
    expect(read(xlsWorkbook([['甲']], { chartFirst: true })).values(1)[1]).toBe('甲');
  });

  it('refuses encrypted and pre-BIFF8 files with plain messages', () => {
    const refusal = (file: Buffer) => {
      try {
        readXlsSheet(file, LIMITS);
      } catch (err) {
        return err instanceof ApiError ? err.message : `not an ApiError: ${String(err)}`;
      }
      return 'no error';
    };
    expect(refusal(xlsWorkbook([['a']], { encrypted: true }))).toBe(XLS_ENCRYPTED_MESSAGE);
    expect(refusal(xlsWorkbook([['a']], { version: 0x0500 }))).toBe(XLS_VERSION_MESSAGE);
  });

  it('stops at the row and cell limits', () => {
    const rows = Array.from({ length: 30 }, (_, i) => [`r${i}`, i]);
    expect(() => readXlsSheet(xlsWorkbook(rows), { ...LIMITS, maxRows: 20 })).toThrow('行数太多');
    expect(() => readXlsSheet(xlsWorkbook(rows), { ...LIMITS, maxCells: 50 })).toThrow('文件中的单元格过多');
  });

  it('throws (without hanging) on malformed streams, which the importer turns into a plain message', () => {
    const good = xlsWorkbook([
      ['编码', '名称'],
      ['a', 'b'],
    ]);
    const stream = Buffer.from(CFB.find(CFB.read(good, { type: 'buffer' }), 'Workbook')!.content);
    const repack = (body: Buffer) => {
      const c = CFB.utils.cfb_new();
      CFB.utils.cfb_add(c, 'Workbook', body);
      return Buffer.from(CFB.write(c, { type: 'buffer' }) as Uint8Array);
    };
    const noWorkbook = CFB.utils.cfb_new();
    CFB.utils.cfb_add(noWorkbook, 'Other', Buffer.from('x'));
    const broken = [
      repack(stream.subarray(0, stream.length - 7)),
      repack(Buffer.concat([stream.subarray(0, 40), Buffer.alloc(8, 0xff)])),
      repack(Buffer.alloc(64)),
      Buffer.from(CFB.write(noWorkbook, { type: 'buffer' }) as Uint8Array),
      good.subarray(0, 600),
    ];
    for (let seed = 1; seed <= 40; seed++) {
      const copy = Buffer.from(stream);
      for (let i = 0; i < 6; i++) copy[(seed * 7919 * (i + 1)) % copy.length] = (seed * 31 + i) & 0xff;
      broken.push(repack(copy));
    }
    for (const file of broken) {
      try {
        readXlsSheet(file, LIMITS);
      } catch (err) {
        expect(err).toBeInstanceOf(Error);
      }
    }
  });
});
