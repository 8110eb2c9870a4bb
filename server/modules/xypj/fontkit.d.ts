/** @foliojs-fork/fontkit ships no types; it is the fontkit API pdf-lib's registerFontkit takes. */
declare module '@foliojs-fork/fontkit' {
  import type { PDFDocument } from 'pdf-lib';
  const fontkit: Parameters<PDFDocument['registerFontkit']>[0];
  export default fontkit;
}
