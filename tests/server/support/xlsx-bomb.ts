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
  for (const [name, text] of [['[Content_Types].xml', CONTENT_TYPES], ['_rels/.rels', ROOT_RELS], ['xl/workbook.xml', WORKBOOK], ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS]] as const) {
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
  const rowXml = numbered ? (r: number) => `<row r="${r}">${body.map(([col, rest]) => `<c r="${col}${r}${rest}`).join('')}</row>` : () => `<row>${body.map(([col, rest]) => `<c r="${col}2${rest}`).join('')}</row>`;
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
