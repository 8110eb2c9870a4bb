import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { PROJECT_ROOT } from '../../paths';
import type { SigningKey } from './certificate-signing';

/** What the certificate shows. */
export interface CertificateContent {
  certNo: string;
  companyName: string;
  creditCode: string;
  grade: string;
  issueDate: string;
  validUntil: string;
  issuer: string;
  /** the public check page the QR code opens */
  checkUrl: string;
  revoked: boolean;
}

/** The issuer's seal image (PNG or JPEG bytes), drawn over the issuer's name. */
export interface SealImage {
  bytes: Uint8Array;
  format: 'png' | 'jpg';
}

export interface CertificateExtras {
  seal?: SealImage | null;
  /** when given, the PDF carries a PAdES signature made with this key */
  signing?: SigningKey | null;
  signingTime?: Date;
}

const SEAL_SIZE = 130;

const A4: [number, number] = [595.28, 841.89];

/**
 * pdf-lib, fontkit and qrcode (some 25 MB once loaded) are imported at the first certificate, not at start: the
 * server bundle would otherwise load them with every other module.
 */
async function pdfLibraries() {
  const [{ PDFDocument, rgb }, { default: fontkit }, { default: QRCode }] = await Promise.all([
    import('pdf-lib'),
    import('@foliojs-fork/fontkit'),
    import('qrcode'),
  ]);
  return { PDFDocument, rgb, fontkit, QRCode };
}
type PdfLibraries = Awaited<ReturnType<typeof pdfLibraries>>;

let fontBytes: Buffer | null = null;

/**
 * Noto Sans Hans (GB2312 coverage) shipped by the npm package @embedpdf/fonts-sc, so the server needs no
 * system fonts. The 8 MB font is read once; each PDF embeds only the glyphs it draws (subset). The subset
 * is made by @foliojs-fork/fontkit: @pdf-lib/fontkit 1.1.1 drops some glyphs when subsetting this CFF font.
 */
export function cjkFont(): Buffer {
  if (!fontBytes) {
    const entry = createRequire(join(PROJECT_ROOT, 'package.json')).resolve('@embedpdf/fonts-sc');
    fontBytes = readFileSync(join(dirname(entry), '..', 'fonts', 'NotoSansHans-Regular.otf'));
  }
  return fontBytes;
}

const centered = (page: PDFPage, text: string, y: number, size: number, font: PDFFont, color: Color) =>
  page.drawText(text, { x: (A4[0] - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });

/** The QR code as dark squares (vector, so it stays sharp when printed). */
function drawQr({ QRCode, rgb }: PdfLibraries, page: PDFPage, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue;
      page.drawRectangle({
        x: x + (c + quiet) * cell,
        y: y + size - (r + quiet + 1) * cell,
        width: cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
}

/** An A4 credit grade certificate with a verification QR code. */
export async function certificatePdf(c: CertificateContent, extras: CertificateExtras = {}): Promise<Uint8Array> {
  const libraries = await pdfLibraries();
  const { PDFDocument, rgb, fontkit } = libraries;
  const RED = rgb(0.7, 0.08, 0.08);
  const DARK = rgb(0.15, 0.15, 0.15);
  const GREY = rgb(0.4, 0.4, 0.4);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`信用等级证书 ${c.certNo}`);
  doc.setAuthor(c.issuer);
  const font = await doc.embedFont(cjkFont(), { subset: true });
  const page = doc.addPage(A4);
  const [w, h] = A4;

  page.drawRectangle({ x: 24, y: 24, width: w - 48, height: h - 48, borderColor: RED, borderWidth: 3 });
  page.drawRectangle({ x: 32, y: 32, width: w - 64, height: h - 64, borderColor: RED, borderWidth: 0.8 });
  centered(page, '信用等级证书', h - 140, 40, font, RED);
  centered(page, '工程监理企业信用评价', h - 180, 16, font, GREY);

  const rows: Array<[string, string]> = [
    ['企业名称', c.companyName],
    ['统一社会信用代码', c.creditCode],
    ['证书编号', c.certNo],
    ['发证日期', c.issueDate],
    ['有效期至', c.validUntil],
  ];
  centered(page, '经评价，该企业信用等级为', h - 260, 16, font, DARK);
  centered(page, c.grade, h - 340, 64, font, RED);
  let y = h - 420;
  for (const [label, value] of rows) {
    page.drawText(`${label}：`, { x: 90, y, size: 14, font, color: GREY });
    page.drawText(value, { x: 220, y, size: 14, font, color: DARK });
    y -= 34;
  }
  if (c.revoked) centered(page, '本证书已撤销', y - 10, 22, font, RED);

  drawQr(libraries, page, c.checkUrl, 90, 90, 110);
  page.drawText('扫码核验证书真伪', { x: 90, y: 72, size: 10, font, color: GREY });
  page.drawText(c.issuer, { x: w - 90 - font.widthOfTextAtSize(c.issuer, 16), y: 150, size: 16, font, color: DARK });
  page.drawText(c.issueDate, { x: w - 90 - font.widthOfTextAtSize(c.issueDate, 14), y: 122, size: 14, font, color: DARK });
  if (extras.seal) {
    const image = extras.seal.format === 'png' ? await doc.embedPng(extras.seal.bytes) : await doc.embedJpg(extras.seal.bytes);
    const scale = SEAL_SIZE / Math.max(image.width, image.height);
    const sw = image.width * scale;
    const sh = image.height * scale;
    // centred on the issuer's name and date, as a stamped seal is
    page.drawImage(image, { x: w - 90 - 80 - sw / 2, y: 140 - sh / 2, width: sw, height: sh });
  }
  if (!extras.signing) return doc.save();
  const { addSignaturePlaceholder, signSavedPdf } = await import('./certificate-signing');
  await addSignaturePlaceholder(doc, extras.signing, c.certNo, extras.signingTime ?? new Date());
  return signSavedPdf(await doc.save({ useObjectStreams: false }), extras.signing);
}
