import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, businessError } from '../../core/envelope';
import type { EntityField } from '../entity/definitions';
import { attachmentHeader, XLSX_TYPE } from '../entity/export';
import { MAX_IMPORT_FILE_BYTES } from '../entity/import';
import type { FieldType } from '../entity/list-query';

/** Sheet columns (property, header label, cell type) in the shape the entity engine's sheet reader takes. */
export function sheetColumns(columns: ReadonlyArray<readonly [property: string, label: string, type?: FieldType]>): EntityField[] {
  return columns.map(([property, label, type = 'string']) => ({
    property,
    column: property,
    type,
    label,
    required: false,
    unique: false,
    primaryKey: false,
    audit: false,
    rules: {},
  }));
}

/** The text of a cell read by the sheet reader ('' for empty). */
export function cellText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).trim();
}

/** The text of a cell that must fit a column of `max` characters (the refusal names the column). */
export function boundedCell(value: unknown, label: string, max: number): string {
  const text = cellText(value);
  if (text.length > max) throw businessError(`${label}长度不能超过${max}个字符`);
  return text;
}

/** The refusal of one row as its error message; anything else is a real failure and propagates. */
export async function rowErrors(save: () => Promise<void>): Promise<string[]> {
  try {
    await save();
    return [];
  } catch (err) {
    if (err instanceof ApiError) return [err.message];
    throw err;
  }
}

/** A one-sheet workbook in the entity export's layout: "<title>报表", "导出人:<name>", the header row, then the rows. */
export async function reportWorkbook(
  title: string,
  exporter: string,
  headers: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(title.slice(0, 31));
  sheet.addRow([`${title}报表`]);
  sheet.addRow([`导出人:${exporter}`]);
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function sendWorkbook(reply: FastifyReply, buffer: Buffer, fileName: string, asciiName: string): FastifyReply {
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', attachmentHeader(fileName, asciiName))
    .header('Cache-Control', 'no-store')
    .send(buffer);
}

/** A scope that reads multipart uploads (one import file), for the importExcel routes. */
export async function uploadScope(api: FastifyInstance, routes: (scope: FastifyInstance) => void): Promise<void> {
  await api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMPORT_FILE_BYTES, files: 10, fields: 20, fieldSize: 10_000 } });
    routes(scope);
  });
}
