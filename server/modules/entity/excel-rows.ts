import type ExcelJS from 'exceljs';
import { businessError } from '../../core/envelope';
import type { EntityDefinition, EntityField } from './definitions';

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

function rowValues(row: ExcelJS.Row): ExcelJS.CellValue[] {
  const values = row.values;
  return Array.isArray(values) ? values : [];
}

/**
 * Rows of the first sheet as {property: value}: the header row is the first of the top rows whose
 * cells name fields (by label or property), so files with or without title rows are read.
 */
export async function readSheetRows(def: Pick<EntityDefinition, 'fields'>, file: Buffer): Promise<SheetRow[]> {
  if (file.length < 4 || file.readUInt32LE(0) !== 0x04034b50) throw businessError('文件格式不正确，请上传.xlsx格式的Excel文件');
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw businessError('文件格式不正确，请上传.xlsx格式的Excel文件');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.rowCount > MAX_IMPORT_ROWS + HEADER_SEARCH_ROWS) throw businessError(`单个文件最多导入${MAX_IMPORT_ROWS}行数据`);
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
    rowValues(sheet.getRow(line)).forEach((value, index) => {
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
    const values = rowValues(sheet.getRow(line));
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
