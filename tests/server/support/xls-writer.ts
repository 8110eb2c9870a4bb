/**
 * A minimal BIFF8 (.xls) writer for tests: globals (BOF, FILEPASS?, DATEMODE, FORMAT, XF, BOUNDSHEET, SST with
 * CONTINUE, EOF) and one worksheet (BOF, cell records, EOF), in a compound file written by `cfb`.
 */
import CFB from 'cfb';

/** A cell: text (shared string), number (NUMBER), or one of the tagged record kinds. */
export type XlsTestCell =
  | string
  | number
  | null
  | { rk: number }
  | { date: number }
  | { label: string }
  | { bool: boolean }
  | { formula: number | string | boolean }
  | { mulrk: number[] };

export interface XlsTestOptions {
  /** most bytes in the SST record and in each CONTINUE record, to force splits (Excel uses 8224) */
  sstChunk?: number;
  encrypted?: boolean;
  /** BOF version; 0x0600 is BIFF8 */
  version?: number;
  date1904?: boolean;
  /** a chart sheet listed before the worksheet */
  chartFirst?: boolean;
}

/** XF indexes written by the globals: 0 General, 1 built-in date 14, 2 custom Chinese date, 3 custom number with [Red] */
const XF_GENERAL = 0;
const XF_BUILTIN_DATE = 1;
const XF_CUSTOM_DATE = 2;
const XF_NUMBER = 3;
const CUSTOM_FORMATS: Array<[number, string]> = [
  [164, 'yyyy"年"m"月"d"日"'],
  [165, '#,##0.00_);[Red](#,##0.00)'],
];

function record(id: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(id, 0);
  head.writeUInt16LE(body.length, 2);
  return Buffer.concat([head, body]);
}

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
// eslint-disable-next-line no-control-regex -- the range is every Latin-1 code point, control characters included
const isWide = (s: string) => /[^\x00-\xff]/.test(s);
const chars = (s: string, wide: boolean) => Buffer.from(s, wide ? 'utf16le' : 'latin1');

/** XLUnicodeString: cch, flags, characters. */
function unicodeString(s: string): Buffer {
  const wide = isWide(s);
  return Buffer.concat([u16(s.length), Buffer.from([wide ? 1 : 0]), chars(s, wide)]);
}

/** SST and CONTINUE records; a string cut by a record boundary goes on after a flags byte, as Excel writes it. */
function sstRecords(strings: string[], total: number, chunk: number): Buffer[] {
  const bodies: Buffer[][] = [[u32(total), u32(strings.length)]];
  let used = 8;
  const room = () => chunk - used;
  const push = (b: Buffer) => {
    bodies[bodies.length - 1]!.push(b);
    used += b.length;
  };
  const next = () => {
    bodies.push([]);
    used = 0;
  };
  for (const s of strings) {
    const wide = isWide(s);
    if (room() < 3 + (wide ? 2 : 1)) next();
    push(Buffer.concat([u16(s.length), Buffer.from([wide ? 1 : 0])]));
    let rest = s;
    while (rest.length > 0) {
      const fit = Math.min(rest.length, Math.floor(room() / (wide ? 2 : 1)));
      if (fit > 0) {
        push(chars(rest.slice(0, fit), wide));
        rest = rest.slice(fit);
      }
      if (rest.length > 0) {
        next();
        push(Buffer.from([wide ? 1 : 0]));
      }
    }
  }
  return bodies.map((parts, i) => record(i === 0 ? 0x00fc : 0x003c, Buffer.concat(parts)));
}

function bof(version: number, type: number): Buffer {
  return record(0x0809, Buffer.concat([u16(version), u16(type), u16(0x0dbb), u16(0x07cc), u32(0), u32(0x0006)]));
}

function xf(format: number): Buffer {
  const body = Buffer.alloc(20);
  body.writeUInt16LE(format, 2);
  return record(0x00e0, body);
}

function boundSheet(offset: number, name: string, type: number): Buffer {
  const wide = isWide(name);
  return record(0x0085, Buffer.concat([u32(offset), Buffer.from([0, type, name.length, wide ? 1 : 0]), chars(name, wide)]));
}

const cellHead = (row: number, col: number, xfIndex: number) => Buffer.concat([u16(row), u16(col), u16(xfIndex)]);
const double = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleLE(n);
  return b;
};

function rk(n: number): number {
  if (Number.isInteger(n)) return ((n << 2) | 2) >>> 0;
  const hundred = Math.round(n * 100);
  if (Math.abs(hundred / 100 - n) < 1e-9) return ((hundred << 2) | 3) >>> 0;
  throw new Error(`test writer: ${n} has no RK integer form`);
}

function cellRecords(row: number, col: number, cell: Exclude<XlsTestCell, null>, sst: (s: string) => number): Buffer[] {
  if (typeof cell === 'string') return [record(0x00fd, Buffer.concat([cellHead(row, col, XF_GENERAL), u32(sst(cell))]))];
  if (typeof cell === 'number') return [record(0x0203, Buffer.concat([cellHead(row, col, XF_NUMBER), double(cell)]))];
  if ('rk' in cell) return [record(0x027e, Buffer.concat([cellHead(row, col, XF_GENERAL), u32(rk(cell.rk))]))];
  if ('date' in cell)
    return [record(0x0203, Buffer.concat([cellHead(row, col, col % 2 ? XF_CUSTOM_DATE : XF_BUILTIN_DATE), double(cell.date)]))];
  if ('label' in cell) return [record(0x0204, Buffer.concat([cellHead(row, col, XF_GENERAL), unicodeString(cell.label)]))];
  if ('bool' in cell) return [record(0x0205, Buffer.concat([cellHead(row, col, XF_GENERAL), Buffer.from([cell.bool ? 1 : 0, 0])]))];
  if ('mulrk' in cell) {
    const parts = cell.mulrk.map((n) => Buffer.concat([u16(XF_GENERAL), u32(rk(n))]));
    return [record(0x00bd, Buffer.concat([u16(row), u16(col), ...parts, u16(col + cell.mulrk.length - 1)]))];
  }
  const tail = Buffer.concat([u16(0), u32(0), u16(3), Buffer.from([0x1e, 0, 0])]); // flags, chn, a tiny parsed formula
  const result = cell.formula;
  if (typeof result === 'number') return [record(0x0006, Buffer.concat([cellHead(row, col, XF_GENERAL), double(result), tail]))];
  const special = Buffer.from([typeof result === 'string' ? 0 : 1, 0, result === true ? 1 : 0, 0, 0, 0, 0xff, 0xff]);
  const formula = record(0x0006, Buffer.concat([cellHead(row, col, XF_GENERAL), special, tail]));
  return typeof result === 'string' ? [formula, record(0x0207, unicodeString(result))] : [formula];
}

/** The rows as the first worksheet of an .xls file. */
export function xlsWorkbook(rows: XlsTestCell[][], options: XlsTestOptions = {}): Buffer {
  const version = options.version ?? 0x0600;
  const strings: string[] = [];
  const index = new Map<string, number>();
  let total = 0;
  const sst = (s: string) => {
    total++;
    if (!index.has(s)) {
      index.set(s, strings.length);
      strings.push(s);
    }
    return index.get(s)!;
  };
  const cells: Buffer[] = [];
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell !== null) cells.push(...cellRecords(r, c, cell, sst));
    }),
  );
  const sheet = Buffer.concat([bof(version, 0x0010), ...cells, record(0x000a, Buffer.alloc(0))]);

  const before = [
    bof(version, 0x0005),
    ...(options.encrypted ? [record(0x002f, Buffer.concat([u16(1), Buffer.alloc(52)]))] : []),
    record(0x0022, u16(options.date1904 ? 1 : 0)),
    ...CUSTOM_FORMATS.map(([id, code]) => record(0x041e, Buffer.concat([u16(id), unicodeString(code)]))),
    xf(0),
    xf(14),
    xf(164),
    xf(165),
  ];
  const after = [...sstRecords(strings, total, options.sstChunk ?? 8224), record(0x000a, Buffer.alloc(0))];
  const sheetsFor = (offset: number) => [...(options.chartFirst ? [boundSheet(0, '图表', 0x02)] : []), boundSheet(offset, '导入', 0x00)];
  const globalsLength = [...before, ...sheetsFor(0), ...after].reduce((n, b) => n + b.length, 0);
  const stream = Buffer.concat([...before, ...sheetsFor(globalsLength), ...after, sheet]);

  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'Workbook', stream);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}
