import CFB from 'cfb';
import { businessError } from '../../../core/envelope';
import { records, SegmentReader, XlsFormatError, type BiffRecord } from './biff-stream';
import { isDateFormat, serialToDate } from './number-formats';
import { cellTooLongMessage, MAX_CELL_CHARS, tooWideMessage } from '../xlsx/text-collector';

/** A value the way exceljs gives it for the same cell (dates as Date, formulas as their cached result). */
export type XlsCell = string | number | boolean | Date | null;

export interface XlsSheet {
  /** number of the last row holding a cell, 1-based */
  rowCount: number;
  /** the cells of a 1-based row, indexed by 1-based column like exceljs' row.values */
  values(line: number): XlsCell[];
}

export interface XlsLimits {
  maxRows: number;
  maxCells: number;
  rowsMessage: string;
  /** a cell right of it refuses the file */
  maxColumns?: number;
}

export const XLS_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
export const XLS_ENCRYPTED_MESSAGE = '文件已加密，请取消密码后再导入';
export const XLS_VERSION_MESSAGE = '仅支持Excel 97-2003格式的.xls文件，请另存为.xlsx后导入';
const CELLS_MESSAGE = '文件中的单元格过多，请分批导入';

const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  FORMAT: 0x041e,
  XF: 0x00e0,
  DATEMODE: 0x0022,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  BOOLERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207,
} as const;
const BIFF8 = 0x0600;
const GLOBALS = 0x0005;
const WORKSHEET = 0x0010;
/** BIFF8 sheets have 256 columns */
const MAX_COLUMN = 255;

interface Globals {
  strings: string[];
  /** per XF record: whether its number format shows a date */
  dateXf: boolean[];
  date1904: boolean;
  firstSheet: number | undefined;
}

function workbookStream(file: Buffer): Buffer {
  const container = CFB.read(file, { type: 'buffer' });
  const entry = CFB.find(container, 'Workbook') ?? CFB.find(container, 'Book');
  if (!entry?.content) throw new XlsFormatError('no workbook stream');
  return Buffer.from(entry.content);
}

/** RK: a 30-bit integer or the top of a double, optionally divided by 100. */
function rkNumber(data: Buffer, at: number): number {
  const raw = data.readInt32LE(at);
  let n: number;
  if (raw & 0x02) {
    n = raw >> 2;
  } else {
    const bytes = Buffer.alloc(8);
    bytes.writeInt32LE(raw & ~0x03, 4);
    n = bytes.readDoubleLE(0);
  }
  return raw & 0x01 ? n / 100 : n;
}

function checkBof(record: BiffRecord | undefined, type: number): void {
  if (!record || (record.id & 0xff) !== 0x09) throw new XlsFormatError('no BOF');
  // BIFF2–BIFF5 BOF records differ in id or version
  if (record.id !== R.BOF || record.data.length < 4 || record.data.readUInt16LE(0) !== BIFF8) throw businessError(XLS_VERSION_MESSAGE);
  if (record.data.readUInt16LE(2) !== type) throw new XlsFormatError('unexpected substream');
}

function readGlobals(stream: Buffer): Globals {
  const it = records(stream);
  checkBof(it.next().value ?? undefined, GLOBALS);
  const strings: string[] = [];
  const formats = new Map<number, string>();
  const xfFormats: number[] = [];
  let date1904 = false;
  let firstSheet: number | undefined;
  for (const record of it) {
    const { id, data } = record;
    if (id === R.EOF) break;
    if (id === R.FILEPASS) throw businessError(XLS_ENCRYPTED_MESSAGE);
    if (id === R.BOUNDSHEET) {
      // sheet type byte 0 = worksheet (charts, macro sheets and dialogs are skipped, as exceljs does)
      if (firstSheet === undefined && data.length >= 6 && data[5] === 0) firstSheet = data.readUInt32LE(0);
    } else if (id === R.SST) {
      const reader = SegmentReader.of(record, 4);
      const unique = reader.u32();
      while (strings.length < unique && !reader.done) strings.push(reader.string());
    } else if (id === R.FORMAT) {
      formats.set(data.readUInt16LE(0), SegmentReader.of(record, 2).string());
    } else if (id === R.XF) {
      xfFormats.push(data.readUInt16LE(2));
    } else if (id === R.DATEMODE) {
      date1904 = data.readUInt16LE(0) === 1;
    }
  }
  return { strings, dateXf: xfFormats.map((f) => isDateFormat(f, formats.get(f))), date1904, firstSheet };
}

/** Cells of the worksheet substream at `offset`. */
function readSheet(stream: Buffer, offset: number, globals: Globals, limits: XlsLimits): XlsSheet {
  const rows = new Map<number, XlsCell[]>();
  let rowCount = 0;
  let cells = 0;
  const put = (row: number, col: number, value: XlsCell) => {
    if (col > MAX_COLUMN) throw new XlsFormatError('column out of range');
    const line = row + 1;
    if (line > limits.maxRows) throw businessError(limits.rowsMessage);
    if (++cells > limits.maxCells) throw businessError(CELLS_MESSAGE);
    if (limits.maxColumns !== undefined && col + 1 > limits.maxColumns)
      throw businessError(tooWideMessage(line, col + 1, limits.maxColumns));
    if (typeof value === 'string' && value.length > MAX_CELL_CHARS) throw businessError(cellTooLongMessage(line, col + 1));
    let values = rows.get(line);
    if (!values) rows.set(line, (values = []));
    values[col + 1] = value;
    rowCount = Math.max(rowCount, line);
  };
  const number = (xf: number, n: number): XlsCell => (globals.dateXf[xf] ? serialToDate(n, globals.date1904) : n);

  const it = records(stream, offset);
  checkBof(it.next().value ?? undefined, WORKSHEET);
  let depth = 1;
  let pendingString: { row: number; col: number } | null = null;
  for (const record of it) {
    const { id, data } = record;
    if (id === R.BOF) depth++;
    if (id === R.EOF && --depth === 0) break;
    if (depth > 1) continue; // an embedded chart's substream
    const row = data.length >= 6 ? data.readUInt16LE(0) : 0;
    const col = data.length >= 6 ? data.readUInt16LE(2) : 0;
    const xf = data.length >= 6 ? data.readUInt16LE(4) : 0;
    switch (id) {
      case R.LABELSST: {
        const text = globals.strings[data.readUInt32LE(6)];
        if (text === undefined) throw new XlsFormatError('shared string out of range');
        put(row, col, text);
        break;
      }
      case R.LABEL:
      case R.RSTRING:
        put(row, col, SegmentReader.of(record, 6).string());
        break;
      case R.NUMBER:
        put(row, col, number(xf, data.readDoubleLE(6)));
        break;
      case R.RK:
        put(row, col, number(xf, rkNumber(data, 6)));
        break;
      case R.MULRK: {
        const count = Math.floor((data.length - 6) / 6);
        for (let i = 0; i < count; i++) put(row, col + i, number(data.readUInt16LE(4 + i * 6), rkNumber(data, 6 + i * 6)));
        break;
      }
      case R.BOOLERR:
        put(row, col, data.readUInt8(7) === 0 ? data.readUInt8(6) !== 0 : null);
        break;
      case R.FORMULA:
        pendingString = null;
        if (data.readUInt16LE(12) !== 0xffff) put(row, col, number(xf, data.readDoubleLE(6)));
        else if (data[6] === 0)
          pendingString = { row, col }; // the STRING record that follows holds the text
        else if (data[6] === 1) put(row, col, data[8] !== 0);
        else if (data[6] === 3) put(row, col, '');
        break;
      case R.STRING:
        if (pendingString) put(pendingString.row, pendingString.col, SegmentReader.of(record).string());
        pendingString = null;
        break;
    }
  }
  return { rowCount, values: (line) => rows.get(line) ?? [] };
}

/**
 * The first worksheet of a BIFF8 (.xls, Excel 97–2003) workbook, or null when it has none.
 * Throws a business error for encrypted or older files and for files over the limits, XlsFormatError
 * (or whatever a malformed container makes the parsers throw) otherwise.
 */
export function readXlsSheet(file: Buffer, limits: XlsLimits): XlsSheet | null {
  const stream = workbookStream(file);
  const globals = readGlobals(stream);
  if (globals.firstSheet === undefined) return null;
  if (globals.firstSheet >= stream.length) throw new XlsFormatError('sheet offset out of range');
  return readSheet(stream, globals.firstSheet, globals, limits);
}
