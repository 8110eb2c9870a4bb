import { businessError } from '../../../core/envelope';
import { isDateFormat, serialToDate } from '../xls/number-formats';
import { cellTooLongMessage, sharedTooLongMessage, TextCollector, TOO_LONG, tooWideMessage } from './text-collector';
import { attr, XmlScanner, type XmlHandler } from './xml-scan';
import { inflateEntry, InflateBudget, zipEntries, type ZipEntry } from './zip-entries';

export type XlsxCell = string | number | boolean | Date | null;

export interface XlsxSheet {
  rowCount: number;
  /** row number → values by column number (1-based, sparse), as exceljs gives them */
  rows: Map<number, XlsxCell[]>;
}

export interface XlsxLimits {
  maxRows: number;
  rowsMessage: string;
  maxColumns: number;
  /** all parts read, counted as they inflate */
  maxInflatedBytes: number;
  inflatedMessage: string;
}

/** Characters of text kept from one file (shared strings and the sheet's own strings), so memory stays bounded. */
export const MAX_SHEET_TEXT = 30_000_000;
const TEXT_MESSAGE = `表格中的文字超过${MAX_SHEET_TEXT / 10_000}万个字符，请拆分后分批导入`;

const cellTooLong = (line: number, col: number) => businessError(cellTooLongMessage(line, col));

/** Column number of a cell reference (`B7` → 2), 0 when it has none. */
function columnOf(ref: string | undefined): number {
  const letters = /^[A-Z]{1,3}/.exec(ref ?? '')?.[0] ?? '';
  let n = 0;
  for (const c of letters) n = n * 26 + c.charCodeAt(0) - 64;
  return n;
}

class XlsxReader {
  private readonly entries: Map<string, ZipEntry>;
  private readonly budget: InflateBudget;
  private text = 0;
  date1904 = false;
  dateStyles = new Set<number>();
  shared: string[] = [];

  constructor(
    private readonly file: Buffer,
    private readonly limits: XlsxLimits,
  ) {
    this.entries = zipEntries(file);
    this.budget = new InflateBudget(limits.maxInflatedBytes, () => businessError(limits.inflatedMessage));
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  keepText(chars: number): void {
    this.text += chars;
    if (this.text > MAX_SHEET_TEXT) throw businessError(TEXT_MESSAGE);
  }

  async scan(name: string, handler: Partial<XmlHandler>): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry) return;
    const scanner = new XmlScanner({ open: () => {}, close: () => {}, text: () => {}, ...handler });
    await inflateEntry(this.file, entry, this.budget, (chunk) => scanner.feed(chunk));
  }

  /** The part of the book's first worksheet (chart sheets skipped), and the date system. */
  async firstWorksheet(): Promise<string | undefined> {
    const order: string[] = [];
    await this.scan('xl/workbook.xml', {
      open: (name, tag) => {
        if (name === 'workbookPr') this.date1904 = ['1', 'true'].includes(attr(tag, 'date1904') ?? '');
        if (name === 'sheet') order.push(attr(tag, 'id') ?? '');
      },
    });
    const targets = new Map<string, string>();
    await this.scan('xl/_rels/workbook.xml.rels', {
      open: (name, tag) => {
        const target = attr(tag, 'Target');
        if (name !== 'Relationship' || !target || !(attr(tag, 'Type') ?? '').endsWith('/worksheet')) return;
        targets.set(attr(tag, 'Id') ?? '', target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
      },
    });
    const listed = order.map((id) => targets.get(id)).find((path) => path && this.has(path));
    if (listed) return listed;
    return [...this.entries.keys()]
      .filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))
      .sort((a, b) => a.length - b.length || a.localeCompare(b))[0];
  }

  async readStyles(): Promise<void> {
    const codes = new Map<number, string>();
    const xfFormats: number[] = [];
    let inCellXfs = false;
    await this.scan('xl/styles.xml', {
      open: (name, tag, selfClosing) => {
        if (name === 'numFmt') codes.set(Number(attr(tag, 'numFmtId')), attr(tag, 'formatCode') ?? '');
        else if (name === 'cellXfs') inCellXfs = !selfClosing;
        else if (name === 'xf' && inCellXfs) xfFormats.push(Number(attr(tag, 'numFmtId') ?? 0));
      },
      close: (name) => {
        if (name === 'cellXfs') inCellXfs = false;
      },
    });
    xfFormats.forEach((id, index) => {
      if (isDateFormat(id, codes.get(id))) this.dateStyles.add(index);
    });
  }

  async readSharedStrings(): Promise<void> {
    const collector = new TextCollector();
    let inPhonetic = false;
    await this.scan('xl/sharedStrings.xml', {
      open: (name, _tag, selfClosing) => {
        if (name === 'si') collector.start();
        else if (name === 'rPh') inPhonetic = !selfClosing;
        else if (name === 't') collector.active = !inPhonetic && !selfClosing;
      },
      close: (name) => {
        if (name === 't') collector.active = false;
        else if (name === 'rPh') inPhonetic = false;
        else if (name === 'si') {
          const value = collector.value();
          if (value === TOO_LONG) throw businessError(sharedTooLongMessage);
          this.keepText(value.length);
          this.shared.push(value);
        }
      },
      text: (raw) => {
        collector.add(raw);
        if (collector.overflowed) throw businessError(sharedTooLongMessage);
      },
    });
  }
}

/** What one `<c>` element says, gathered while the scanner passes it. */
interface PendingCell {
  col: number;
  type: string;
  style: number;
}

function cellValue(reader: XlsxReader, cell: PendingCell, text: string | typeof TOO_LONG | null, line: number): XlsxCell {
  if (text === TOO_LONG) throw cellTooLong(line, cell.col);
  if (text === null) return null;
  switch (cell.type) {
    case 's':
      return reader.shared[Number(text)] ?? null;
    case 'inlineStr':
    case 'str':
      reader.keepText(text.length);
      return text;
    case 'b':
      return text === '1' || text === 'true';
    case 'e':
      return null;
    case 'd': {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? null : date;
    }
    default: {
      if (text.trim() === '') return null;
      const n = Number(text);
      if (!Number.isFinite(n)) return null;
      return reader.dateStyles.has(cell.style) ? serialToDate(n, reader.date1904) : n;
    }
  }
}

/** The worksheet's rows, stopping at the first row past maxRows, cell past maxColumns or cell longer than Excel allows. */
async function readRows(reader: XlsxReader, part: string, limits: XlsxLimits): Promise<XlsxSheet> {
  const rows = new Map<number, XlsxCell[]>();
  const collector = new TextCollector();
  let line = 0;
  let rowCount = 0;
  let values: XlsxCell[] = [];
  let cell: PendingCell | null = null;
  let text: string | typeof TOO_LONG | null = null;
  let inInline = false;
  let inPhonetic = false;
  let col = 0;
  await reader.scan(part, {
    open: (name, tag, selfClosing) => {
      if (name === 'row') {
        const r = Number(attr(tag, 'r'));
        line = Number.isInteger(r) && r > line ? r : line + 1;
        if (line > limits.maxRows) throw businessError(limits.rowsMessage);
        values = [];
        col = 0;
      } else if (name === 'c') {
        col = columnOf(attr(tag, 'r')) || col + 1;
        if (col > limits.maxColumns) throw businessError(tooWideMessage(line, col, limits.maxColumns));
        cell = { col, type: attr(tag, 't') ?? 'n', style: Number(attr(tag, 's') ?? 0) };
        text = null;
      } else if (cell && (name === 'v' || (name === 't' && inInline && !inPhonetic))) {
        if (name === 'v' || text === null) collector.start();
        collector.active = !selfClosing;
        if (selfClosing) text ??= '';
      } else if (name === 'is') {
        inInline = !selfClosing;
        collector.start();
      } else if (name === 'rPh') {
        inPhonetic = !selfClosing;
      }
    },
    close: (name) => {
      if ((name === 'v' || name === 't') && collector.active) {
        collector.active = false;
        text = collector.value();
      } else if (name === 'is') {
        inInline = false;
      } else if (name === 'rPh') {
        inPhonetic = false;
      } else if (name === 'c' && cell) {
        const value = cellValue(reader, cell, text, line);
        if (value !== null) values[cell.col] = value;
        cell = null;
      } else if (name === 'row') {
        if (values.length > 0) rows.set(line, values);
        rowCount = line;
      }
    },
    text: (raw) => {
      collector.add(raw);
      if (collector.overflowed && cell) throw cellTooLong(line, cell.col);
    },
  });
  return { rowCount, rows };
}

/**
 * The first worksheet of an .xlsx held in memory, read part by part as it inflates: the zip's declared
 * sizes are not trusted (every inflated byte counts against maxInflatedBytes), a cell longer than Excel's
 * 32,767 characters or right of maxColumns refuses the file with its row and column, and reading stops
 * past maxRows. Nothing is written to disk. Null when the book has no worksheet.
 */
export async function readXlsxSheet(file: Buffer, limits: XlsxLimits): Promise<XlsxSheet | null> {
  const reader = new XlsxReader(file, limits);
  const part = await reader.firstWorksheet();
  if (!part) return null;
  await reader.readStyles();
  await reader.readSharedStrings();
  return readRows(reader, part, limits);
}
