import type ExcelJS from 'exceljs';
import { ApiError, businessError } from '../../core/envelope';
import type { EntityDefinition, EntityField, SubTable } from './definitions';
import { subColumns } from './export-sub-rows';
import { readXlsSheet, XLS_MAGIC } from './xls/read-xls';
import { readFirstSheet } from './xlsx-stream';

export const MAX_IMPORT_ROWS = 20_000;
const HEADER_SEARCH_ROWS = 5;

export interface SheetRow {
  /** 1-based row number in the sheet */
  line: number;
  input: Record<string, unknown>;
  /** read with sub rows: the rows of each sub table (by its property) that belong to this record */
  subRows?: Record<string, SubSheetRow[]>;
}

export interface SubSheetRow {
  line: number;
  input: Record<string, unknown>;
}

/** Where a column's values go: a field of the main record, or of a sub table's row. */
interface ColumnTarget {
  field: EntityField;
  sub?: SubTable;
}

/** The fields a sheet is read into; sub tables only matter when reading with sub rows. */
type SheetSource = Pick<EntityDefinition, 'fields'> & { subTables?: readonly SubTable[] };

/** True when every value read into `input` is empty. */
export const isBlank = (input: Record<string, unknown>) => Object.values(input).every((v) => v === null || v === '');

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
  return v === null
    ? ''
    : String(v)
        .trim()
        .replace(/[*＊]$/, '');
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
const DEFAULT_MAX_COLUMNS = 100;
/** Columns a sheet may have beyond its template's (notes, a column the export adds): more refuse the file. */
const EXTRA_COLUMNS = 10;

/** The widest sheet accepted for an entity: every field, every sub-table column, and EXTRA_COLUMNS. */
export function maxColumnsFor(def: SheetSource, withSubRows: boolean): number {
  return def.fields.length + (withSubRows ? subColumns(def.subTables ?? []).length : 0) + EXTRA_COLUMNS;
}

async function xlsxGrid(file: Buffer, maxColumns: number): Promise<SheetGrid | null> {
  const sheet = await readFirstSheet(file, MAX_ROWS, ROWS_MESSAGE, FORMAT_MESSAGE, maxColumns);
  if (!sheet) return null;
  return { rowCount: sheet.rowCount, values: (line) => sheet.rows.get(line) ?? [] };
}

function xlsGrid(file: Buffer, maxColumns: number): SheetGrid | null {
  try {
    return readXlsSheet(file, { maxRows: MAX_ROWS, maxCells: MAX_XLS_CELLS, rowsMessage: ROWS_MESSAGE, maxColumns });
  } catch (err) {
    // a malformed file may make the container or record parsers throw anything: only our own messages pass
    if (err instanceof ApiError) throw err;
    throw businessError(FORMAT_MESSAGE);
  }
}

/**
 * The first sheet of an .xlsx or BIFF8 .xls file (told apart by content); null when the book has no sheet.
 * A cell right of `maxColumns` refuses the file (a template's columns and a few more; see maxColumnsFor).
 */
export function loadGrid(file: Buffer, maxColumns = DEFAULT_MAX_COLUMNS): Promise<SheetGrid | null> | SheetGrid | null {
  if (file.length >= 4 && file.readUInt32LE(0) === 0x04034b50) return xlsxGrid(file, maxColumns);
  if (file.length >= XLS_MAGIC.length && file.subarray(0, XLS_MAGIC.length).equals(XLS_MAGIC)) return xlsGrid(file, maxColumns);
  throw businessError(FORMAT_MESSAGE);
}

function headerNames(def: SheetSource, withSubRows: boolean): Map<string, ColumnTarget> {
  const byName = new Map<string, ColumnTarget>();
  for (const field of def.fields.filter((f) => !f.primaryKey && !f.audit)) {
    byName.set(field.property, { field });
    byName.set(field.label, { field });
  }
  if (withSubRows) for (const c of subColumns(def.subTables ?? [])) byName.set(c.title, { field: c.field, sub: c.sub });
  return byName;
}

/**
 * Rows of the first sheet (.xlsx or BIFF8 .xls, told apart by content) as {property: value}: the header row is
 * the first of the top rows whose cells name fields (by label or property), so files with or without title rows are read.
 * With `withSubRows`, columns headed `<sub-table label>-<field label>` are read too (the layout the export writes): a
 * row with main values starts a record, a row with sub values only adds sub rows to the record above it.
 */
export async function readSheetRows(def: SheetSource, file: Buffer, withSubRows = false): Promise<SheetRow[]> {
  const sheet = await loadGrid(file, maxColumnsFor(def, withSubRows));
  if (!sheet) return [];
  const byName = headerNames(def, withSubRows);
  const mainCount = new Set([...byName.values()].filter((t) => !t.sub).map((t) => t.field)).size;
  let headerLine = 0;
  let columns = new Map<number, ColumnTarget>();
  for (let line = 1; line <= Math.min(HEADER_SEARCH_ROWS, sheet.rowCount) && headerLine === 0; line++) {
    const found = new Map<number, ColumnTarget>();
    sheet.values(line).forEach((value, index) => {
      const target = byName.get(headerText(value));
      if (target && ![...found.values()].some((t) => t.field === target.field)) found.set(index, target);
    });
    if (found.size > 0 && (found.size >= 2 || mainCount === 1)) {
      headerLine = line;
      columns = found;
    }
  }
  if (headerLine === 0) throw businessError('文件中没有找到表头，请使用导出的模板');
  const rows: SheetRow[] = [];
  for (let line = headerLine + 1; line <= sheet.rowCount; line++) {
    const values = sheet.values(line);
    const input: Record<string, unknown> = {};
    const subInputs = new Map<SubTable, Record<string, unknown>>();
    for (const [index, { field, sub }] of columns) {
      const target = sub ? (subInputs.get(sub) ?? subInputs.set(sub, {}).get(sub)!) : input;
      target[field.property] = plainValue(values[index] ?? null, field);
    }
    const filledSubs = [...subInputs].filter(([, sub]) => !isBlank(sub));
    if (!isBlank(input) || (filledSubs.length && !rows.length)) rows.push({ line, input, ...(withSubRows ? { subRows: {} } : {}) });
    const record = rows.at(-1);
    for (const [sub, subInput] of filledSubs) (record!.subRows![sub.property] ??= []).push({ line, input: subInput });
  }
  return rows;
}
