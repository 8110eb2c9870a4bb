import type ExcelJS from 'exceljs';
import { ApiError, businessError } from '../../core/envelope';
import type { EntityDefinition, EntityField } from './definitions';
import { readXlsSheet, XLS_MAGIC } from './xls/read-xls';
import { readFirstSheet } from './xlsx-stream';

export const MAX_IMPORT_ROWS = 20_000;
const HEADER_SEARCH_ROWS = 5;

export interface SheetRow {
  /** 1-based row number in the sheet */
  line: number;
  input: Record<string, unknown>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell value as plain text, number, boolean or (for dates) the wall-clock text Excel shows. */
function plainValue(value: ExcelJS.CellValue, f: EntityField | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    if (f?.type === 'date') return day;
    return `${day} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('result' in value) return plainValue(value.result as ExcelJS.CellValue, f);
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
    return null;
  }
  if (typeof value === 'number' && f && (f.type === 'string' || f.type === 'text')) return String(value);
  return value;
}

function headerText(value: ExcelJS.CellValue): string {
  const v = plainValue(value, undefined);
  return v === null ? '' : String(v).trim().replace(/[*＊]$/, '');
}

/** The first sheet as exceljs-shaped rows, whichever file format it came from. */
export interface SheetGrid {
  rowCount: number;
  values(line: number): ExcelJS.CellValue[];
}

const FORMAT_MESSAGE = '文件格式不正确，请上传.xls或.xlsx格式的Excel文件';
const ROWS_MESSAGE = `单个文件最多导入${MAX_IMPORT_ROWS}行数据`;
const MAX_ROWS = MAX_IMPORT_ROWS + HEADER_SEARCH_ROWS;
const MAX_XLS_CELLS = 1_000_000;

async function xlsxGrid(file: Buffer): Promise<SheetGrid | null> {
  const sheet = await readFirstSheet(file, MAX_ROWS, ROWS_MESSAGE, FORMAT_MESSAGE);
  if (!sheet) return null;
  return { rowCount: sheet.rowCount, values: (line) => sheet.rows.get(line) ?? [] };
}

function xlsGrid(file: Buffer): SheetGrid | null {
  try {
    return readXlsSheet(file, { maxRows: MAX_ROWS, maxCells: MAX_XLS_CELLS, rowsMessage: ROWS_MESSAGE });
  } catch (err) {
    // a malformed file may make the container or record parsers throw anything: only our own messages pass
    if (err instanceof ApiError) throw err;
    throw businessError(FORMAT_MESSAGE);
  }
}

/** The first sheet of an .xlsx or BIFF8 .xls file (told apart by content); null when the book has no sheet. */
export function loadGrid(file: Buffer): Promise<SheetGrid | null> | SheetGrid | null {
  if (file.length >= 4 && file.readUInt32LE(0) === 0x04034b50) return xlsxGrid(file);
  if (file.length >= XLS_MAGIC.length && file.subarray(0, XLS_MAGIC.length).equals(XLS_MAGIC)) return xlsGrid(file);
  throw businessError(FORMAT_MESSAGE);
}

/**
 * Rows of the first sheet (.xlsx or BIFF8 .xls, told apart by content) as {property: value}: the header row is
 * the first of the top rows whose cells name fields (by label or property), so files with or without title rows are read.
 */
export async function readSheetRows(def: Pick<EntityDefinition, 'fields'>, file: Buffer): Promise<SheetRow[]> {
  const sheet = await loadGrid(file);
  if (!sheet) return [];
  const writable = def.fields.filter((f) => !f.primaryKey && !f.audit);
  const byName = new Map<string, EntityField>();
  for (const f of writable) {
    byName.set(f.property, f);
    byName.set(f.label, f);
  }
  let headerLine = 0;
  let columns = new Map<number, EntityField>();
  for (let line = 1; line <= Math.min(HEADER_SEARCH_ROWS, sheet.rowCount) && headerLine === 0; line++) {
    const found = new Map<number, EntityField>();
    sheet.values(line).forEach((value, index) => {
      const f = byName.get(headerText(value));
      if (f && ![...found.values()].includes(f)) found.set(index, f);
    });
    if (found.size > 0 && (found.size >= 2 || writable.length === 1)) {
      headerLine = line;
      columns = found;
    }
  }
  if (headerLine === 0) throw businessError('文件中没有找到表头，请使用导出的模板');
  const rows: SheetRow[] = [];
  for (let line = headerLine + 1; line <= sheet.rowCount; line++) {
    const values = sheet.values(line);
    const input: Record<string, unknown> = {};
    let empty = true;
    for (const [index, f] of columns) {
      const v = plainValue(values[index] ?? null, f);
      if (v !== null && v !== '') empty = false;
      input[f.property] = v;
    }
    if (!empty) rows.push({ line, input });
  }
  return rows;
}
