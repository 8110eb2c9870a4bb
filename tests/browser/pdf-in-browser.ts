/**
 * Reads a PDF the way a person sees it: pdfjs-dist (a dependency) loaded into a blank Chromium page
 * renders the first page to a canvas; the text comes from pdfjs' text layer, the pixels from the canvas.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

export interface RenderedPdf {
  text: string;
  width: number;
  height: number;
  /** RGBA pixels of the first page */
  rgba: Uint8ClampedArray;
  /** PNG of the first page */
  png: Buffer;
}

const build = (file: string) => readFileSync(path.resolve('node_modules/pdfjs-dist/build', file), 'utf8');

export async function renderPdf(page: Page, pdf: Buffer, scale = 2): Promise<RenderedPdf> {
  await page.setContent('<!doctype html><html><body style="margin:0"><canvas id="c"></canvas></body></html>');
  const out = await page.evaluate(
    async ({ lib, worker, bytes, scale }) => {
      const libUrl = URL.createObjectURL(new Blob([lib], { type: 'text/javascript' }));
      const workerUrl = URL.createObjectURL(new Blob([worker], { type: 'text/javascript' }));
      // a dynamic import written as code would be rewritten by the test runner's transform
      const importModule = new Function('url', 'return import(url)') as (url: string) => Promise<typeof import('pdfjs-dist')>;
      const pdfjs = await importModule(libUrl);
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
      const doc = await pdfjs.getDocument({ data }).promise;
      const p = await doc.getPage(1);
      const content = await p.getTextContent();
      const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
      const viewport = p.getViewport({ scale });
      const canvas = document.getElementById('c') as HTMLCanvasElement;
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      await p.render({ canvasContext: ctx, viewport }).promise;
      const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
      // pixels travel as base64 (a plain array of millions of numbers is slow to hand back)
      let binary = '';
      for (let i = 0; i < img.data.length; i += 0x8000) binary += String.fromCharCode(...img.data.subarray(i, i + 0x8000));
      return { text, width: img.width, height: img.height, rgba: btoa(binary), png: canvas.toDataURL('image/png').split(',')[1]! };
    },
    { lib: build('pdf.min.mjs'), worker: build('pdf.worker.min.mjs'), bytes: pdf.toString('base64'), scale },
  );
  return {
    text: out.text,
    width: out.width,
    height: out.height,
    rgba: new Uint8ClampedArray(Buffer.from(out.rgba, 'base64')),
    png: Buffer.from(out.png, 'base64'),
  };
}
