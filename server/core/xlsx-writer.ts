/**
 * A streaming xlsx writer for large exports: one sheet of plain values (inline strings, numbers,
 * booleans), written row by row into a streaming zip. Memory stays flat however many rows are written;
 * small workbooks with styles go through exceljs instead.
 */
import type { Writable } from 'node:stream';
import { ZipWriter, type ZipEntryWriter } from './zip-writer';

export type XlsxCell = string | number | boolean | null | undefined;

const FLUSH_CHARS = 64 * 1024;
const MAX_SHEET_NAME = 31;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

// characters XML 1.0 cannot hold at all
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** A, B, …, Z, AA, … for a 0-based column index. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(value: XlsxCell, ref: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  if (typeof value === 'boolean') return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${escapeXml(value)}</t></is></c>`;
}

function sheetName(name: string): string {
  const clean = name
    .replace(/[\\/?*[\]:]/g, ' ')
    .trim()
    .slice(0, MAX_SHEET_NAME);
  return clean || 'Sheet1';
}

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

export interface XlsxSheetOptions {
  sheetName: string;
  /** column widths in characters, by column index */
  widths?: readonly number[];
}

export class XlsxStreamWriter {
  private readonly zip: ZipWriter;
  private sheet: ZipEntryWriter | undefined;
  private buffer = '';
  private rowNumber = 0;
  private readonly merges: string[] = [];

  constructor(out: Writable) {
    this.zip = new ZipWriter(out);
  }

  /** Writes the workbook parts and opens the sheet; rows follow with addRow. */
  async start(options: XlsxSheetOptions): Promise<void> {
    for (const [name, xml] of [
      ['[Content_Types].xml', CONTENT_TYPES],
      ['_rels/.rels', ROOT_RELS],
      [
        'xl/workbook.xml',
        `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(sheetName(options.sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
      ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
    ] as const) {
      const entry = this.zip.entry(name);
      await entry.write(xml);
      await entry.end();
    }
    this.sheet = this.zip.entry('xl/worksheets/sheet1.xml');
    const cols = options.widths?.length
      ? `<cols>${options.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
      : '';
    this.buffer = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}">${cols}<sheetData>`;
  }

  async addRow(values: readonly XlsxCell[]): Promise<void> {
    if (!this.sheet) throw new Error('call start() before addRow()');
    const r = ++this.rowNumber;
    this.buffer += `<row r="${r}">${values.map((v, i) => cellXml(v, `${columnName(i)}${r}`)).join('')}</row>`;
    if (this.buffer.length >= FLUSH_CHARS) await this.flush();
  }

  /** The 1-based number the next addRow writes. */
  get nextRow(): number {
    return this.rowNumber + 1;
  }

  /** Merges each of `columns` (0-based) from row `first` down to row `last` (1-based, inclusive); written at finish. */
  mergeDown(columns: readonly number[], first: number, last: number): void {
    if (last <= first) return;
    for (const c of columns) this.merges.push(`${columnName(c)}${first}:${columnName(c)}${last}`);
  }

  private async flush(): Promise<void> {
    const text = this.buffer;
    this.buffer = '';
    await this.sheet?.write(text);
  }

  /** Closes the sheet and the archive; the caller ends the output stream. */
  async finish(): Promise<void> {
    if (!this.sheet) throw new Error('call start() before finish()');
    this.buffer += '</sheetData>';
    if (this.merges.length)
      this.buffer += `<mergeCells count="${this.merges.length}">${this.merges.map((ref) => `<mergeCell ref="${ref}"/>`).join('')}</mergeCells>`;
    this.buffer += '</worksheet>';
    await this.flush();
    await this.sheet.end();
    this.zip.finish();
  }
}
