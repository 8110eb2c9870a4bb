import { PassThrough } from 'node:stream';
import { ZipWriter } from '../../../server/core/zip-writer';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="导入" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * A small .xlsx whose one sheet holds `rows` identical data rows under a header (inline strings, numbered rows
 * and cells as Excel writes them, or rows without numbers, all the same bytes): deflate turns 2 million
 * numbered rows into ~20 MB, 2 million identical ones into ~1 MB.
 */
export async function repeatedRowsWorkbook(header: string[], row: string[], rows: number, numbered = true): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const zip = new ZipWriter(out);
  for (const [name, text] of [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['xl/workbook.xml', WORKBOOK],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
  ] as const) {
    const entry = zip.entry(name);
    await entry.write(text);
    await entry.end();
  }
  const sheet = zip.entry('xl/worksheets/sheet1.xml');
  const letters = (i: number) => String.fromCharCode(65 + i);
  await sheet.write(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${header.map((h, i) => cell(`${letters(i)}1`, h)).join('')}</row>`);
  const body = row.map((v, i) => [letters(i), `" t="inlineStr"><is><t>${v}</t></is></c>`] as const);
  // numbered: rows and cells carry their row number, as Excel writes them; otherwise every row is the same bytes
  const rowXml = numbered
    ? (r: number) => `<row r="${r}">${body.map(([col, rest]) => `<c r="${col}${r}${rest}`).join('')}</row>`
    : () => `<row>${body.map(([col, rest]) => `<c r="${col}2${rest}`).join('')}</row>`;
  for (let from = 2; from < rows + 2; from += 10_000) {
    const parts: string[] = [];
    for (let r = from; r < Math.min(from + 10_000, rows + 2); r++) parts.push(rowXml(r));
    await sheet.write(parts.join(''));
  }
  await sheet.write('</sheetData></worksheet>');
  await sheet.end();
  zip.finish();
  out.end();
  return Buffer.concat(chunks);
}

/** One sheet part (header row, then `body`, written in pieces by `write`) in a zip with the other parts a book needs. */
async function oneSheetWorkbook(
  header: string[],
  write: (sheet: { write(text: string): Promise<void> }) => Promise<void>,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const zip = new ZipWriter(out);
  for (const [name, text] of [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['xl/workbook.xml', WORKBOOK],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
  ] as const) {
    const entry = zip.entry(name);
    await entry.write(text);
    await entry.end();
  }
  const sheet = zip.entry('xl/worksheets/sheet1.xml');
  await sheet.write(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${header.map((h, i) => cell(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>`);
  await write(sheet);
  await sheet.write('</sheetData></worksheet>');
  await sheet.end();
  zip.finish();
  out.end();
  return Buffer.concat(chunks);
}

/** The same archive claiming every part unpacks to 1 KB (central directory sizes rewritten, as a hostile file would). */
export function forgeDeclaredSizes(file: Buffer): Buffer {
  const forged = Buffer.from(file);
  const eocd = forged.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = forged.readUInt32LE(eocd + 16);
  for (let n = forged.readUInt16LE(eocd + 10); n > 0; n--) {
    forged.writeUInt32LE(1024, at + 24);
    at += 46 + forged.readUInt16LE(at + 28) + forged.readUInt16LE(at + 30) + forged.readUInt16LE(at + 32);
  }
  return forged;
}

/** A header and one data row whose first cell holds `chars` characters (written 1 MB at a time). */
export function largeCellWorkbook(header: string[], chars: number): Promise<Buffer> {
  return oneSheetWorkbook(header, async (sheet) => {
    await sheet.write('<row r="2"><c r="A2" t="inlineStr"><is><t>');
    const piece = 'x'.repeat(1024 * 1024);
    for (let left = chars; left > 0; left -= piece.length) await sheet.write(left >= piece.length ? piece : piece.slice(0, left));
    await sheet.write('</t></is></c></row>');
  });
}

/** `rows` data rows, each with `row` in the first columns and one more cell in column XFD (the last Excel has). */
export function wideWorkbook(header: string[], row: string[], rows: number): Promise<Buffer> {
  return oneSheetWorkbook(header, async (sheet) => {
    for (let from = 2; from < rows + 2; from += 5_000) {
      const parts: string[] = [];
      for (let r = from; r < Math.min(from + 5_000, rows + 2); r++) {
        parts.push(
          `<row r="${r}">${row.map((v, i) => cell(`${String.fromCharCode(65 + i)}${r}`, v)).join('')}${cell(`XFD${r}`, 'x')}</row>`,
        );
      }
      await sheet.write(parts.join(''));
    }
  });
}

/** `rows` ordinary rows, each followed by `padding` spaces: few rows, little text, but many bytes once unpacked. */
export function paddedRowsWorkbook(header: string[], row: string[], rows: number, padding: number): Promise<Buffer> {
  const spaces = ' '.repeat(padding);
  return oneSheetWorkbook(header, async (sheet) => {
    for (let r = 2; r < rows + 2; r++)
      await sheet.write(`<row r="${r}">${row.map((v, i) => cell(`${String.fromCharCode(65 + i)}${r}`, v)).join('')}</row>${spaces}`);
  });
}
