import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { ApiError, businessError } from '../../core/envelope';

/** Everything a .xlsx may unpack to (all its parts together): beyond it the file is refused before it is read. */
export const MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
export const UNCOMPRESSED_MESSAGE = `文件解压后超过${MAX_UNCOMPRESSED_BYTES / 1024 / 1024}MB，请拆分后分批导入`;

const EOCD = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;

/**
 * The sizes the zip's central directory declares for its entries, added up; Infinity when it cannot be read
 * or uses ZIP64 (a spreadsheet under the upload limit never needs it).
 */
export function declaredUncompressedBytes(file: Buffer): number {
  const from = Math.max(0, file.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = file.length - 22; i >= from; i--) {
    if (file.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return Infinity;
  const count = file.readUInt16LE(eocd + 10);
  let at = file.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== CENTRAL_HEADER) return Infinity;
    const size = file.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Infinity;
    total += size;
    at += 46 + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return total;
}

export interface StreamedSheet {
  rowCount: number;
  rows: Map<number, ExcelJS.CellValue[]>;
}

/**
 * The first worksheet of an .xlsx, read as a stream (exceljs WorkbookReader): rows are kept as their values,
 * and reading stops with `rowsMessage` as soon as the sheet has more than maxRows rows, so a file of
 * millions of rows costs the time and memory of maxRows. A part that declares more than
 * MAX_UNCOMPRESSED_BYTES in all is refused before anything is unpacked.
 */
export async function readFirstSheet(file: Buffer, maxRows: number, rowsMessage: string, formatMessage: string): Promise<StreamedSheet | null> {
  if (declaredUncompressedBytes(file) > MAX_UNCOMPRESSED_BYTES) throw businessError(UNCOMPRESSED_MESSAGE);
  const { default: Excel } = await import('exceljs');
  const input = Readable.from([file]);
  const reader = new Excel.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'emit' });
  const rows = new Map<number, ExcelJS.CellValue[]>();
  let line = 0;
  let rowCount = 0;
  let found = false;
  try {
    for await (const worksheet of reader) {
      found = true;
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        // a row without its number follows the one before it
        line = Number.isFinite(row.number) && row.number > line ? row.number : line + 1;
        if (line > maxRows || rows.size >= maxRows) throw businessError(rowsMessage);
        const values = row.values;
        if (Array.isArray(values) && values.length > 0) rows.set(line, values);
        rowCount = line;
      }
      break;
    }
  } catch (err) {
    // a malformed file may make the unzip or XML parsers throw anything: only our own messages pass
    if (err instanceof ApiError) throw err;
    throw businessError(formatMessage);
  } finally {
    input.destroy();
  }
  return found ? { rowCount, rows } : null;
}
