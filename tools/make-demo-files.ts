/**
 * `npx tsx tools/make-demo-files.ts`: writes the demo PDFs the seed stores behind the demo data's
 * materials (server/modules/xypj/demo-files/). Kept in the repository so a start does not spend a second
 * on font subsetting; run again after changing their text.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fontkit from '@foliojs-fork/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { cjkFont } from '../server/modules/xypj/certificate-pdf';
import { DEMO_FILES, DEMO_FILES_DIR } from '../server/modules/xypj/seed-files';
import { EVIDENCE_DEMO_FILES } from '../server/modules/xypj/seed-evidence';

async function demoPdf(title: string, lines: readonly string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(title);
  const font = await doc.embedFont(cjkFont(), { subset: true });
  const page = doc.addPage([595.28, 841.89]);
  page.drawText(title, { x: 72, y: 740, size: 22, font });
  page.drawText('（演示数据）', { x: 72, y: 712, size: 12, font, color: rgb(0.55, 0.55, 0.55) });
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 660 - i * 28, size: 13, font }));
  return doc.save({ useObjectStreams: true });
}

for (const file of [...DEMO_FILES, ...EVIDENCE_DEMO_FILES]) {
  const bytes = await demoPdf(file.name.replace(/\.pdf$/, ''), file.lines);
  writeFileSync(join(DEMO_FILES_DIR, file.name), bytes);
  process.stdout.write(`${file.name}: ${bytes.length} bytes\n`);
}
