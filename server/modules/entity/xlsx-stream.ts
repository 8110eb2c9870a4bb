import { ApiError, businessError } from '../../core/envelope';
import { readXlsxSheet, type XlsxSheet } from './xlsx/read-xlsx';

/** Everything a .xlsx may unpack to (all its parts together): beyond it the file is refused before it is read. */
export const MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
export const UNCOMPRESSED_MESSAGE = `文件解压后超过${MAX_UNCOMPRESSED_BYTES / 1024 / 1024}MB，请拆分后分批导入`;

const EOCD = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;

/**
 * The sizes the zip's central directory declares for its entries, added up; Infinity when one uses ZIP64 (a
 * spreadsheet under the upload limit never needs it); 0 when the directory cannot be read (the reader then
 * refuses the file as malformed).
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
  if (eocd < 0) return 0;
  const count = file.readUInt16LE(eocd + 10);
  let at = file.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== CENTRAL_HEADER) return 0;
    const size = file.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Infinity;
    total += size;
    at += 46 + file.readUInt16LE(at + 28) + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return total;
}

export type StreamedSheet = XlsxSheet;

/**
 * The first worksheet of an .xlsx (xlsx/read-xlsx.ts): a file whose zip declares more than
 * MAX_UNCOMPRESSED_BYTES is refused before anything is unpacked, and whatever it declares, reading
 * stops as soon as the inflated bytes pass that limit, a cell holds more than 32,767 characters, a
 * cell lies right of maxColumns or the sheet has more than maxRows rows.
 */
export async function readFirstSheet(
  file: Buffer,
  maxRows: number,
  rowsMessage: string,
  formatMessage: string,
  maxColumns: number,
): Promise<StreamedSheet | null> {
  if (declaredUncompressedBytes(file) > MAX_UNCOMPRESSED_BYTES) throw businessError(UNCOMPRESSED_MESSAGE);
  try {
    return await readXlsxSheet(file, {
      maxRows,
      rowsMessage,
      maxColumns,
      maxInflatedBytes: MAX_UNCOMPRESSED_BYTES,
      inflatedMessage: UNCOMPRESSED_MESSAGE,
    });
  } catch (err) {
    // a malformed file may make the zip or XML readers throw anything: only our own messages pass
    if (err instanceof ApiError) throw err;
    throw businessError(formatMessage);
  }
}
