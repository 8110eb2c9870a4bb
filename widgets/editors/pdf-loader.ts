/** What the viewer needs from a loaded PDF. */
export interface PdfPage {
  getViewport(options: { scale: number; rotation: number }): { width: number; height: number };
  render(options: { canvasContext: CanvasRenderingContext2D; viewport: { width: number; height: number } }): { promise: Promise<void> };
}

export interface PdfDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPage>;
}

export type PdfLoader = (url: string, headers?: Record<string, string>) => Promise<PdfDocument>;

/** pdf.js, loaded only when a PDF is first shown. */
export const loadPdfWithPdfJs: PdfLoader = async (url, headers) => {
  const pdfjs = await import('pdfjs-dist');
  if (!pdfjs.GlobalWorkerOptions.workerSrc) {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
  }
  const doc = await pdfjs.getDocument({ url, httpHeaders: headers }).promise;
  return doc as unknown as PdfDocument;
};
