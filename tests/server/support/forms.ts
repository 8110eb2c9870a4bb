/** Request bodies and workbooks the server tests send and read back. */
import ExcelJS from 'exceljs';

export interface FilePart {
  name: string;
  content: Buffer;
  type?: string;
  field?: string;
}

/** A multipart/form-data body with plain fields and files, ready for app.inject. */
export function multipart(fields: Record<string, string>, files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----xypj${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(head), f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An import upload as the list page's import dialog sends it. */
export function importUpload(name: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  return multipart({ isSingleTableImport: 'true' }, [
    { name, content, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  ]);
}

export async function workbook(rows: unknown[][], sheetName = '导入'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The first sheet's rows as arrays of cell values. */
export async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
