/** PDF zoom runs 40–100 % in steps of 10; rotation turns by 90°. */
export const PDF_ZOOM = { min: 40, max: 100, step: 10 } as const;
export const ZOOM_MAX_MESSAGE = '已经是最大喽~~';
export const ZOOM_MIN_MESSAGE = '已经是最小喽~~';

export function zoomIn(current: number): { zoom: number; message?: string } {
  if (current >= PDF_ZOOM.max) return { zoom: PDF_ZOOM.max, message: ZOOM_MAX_MESSAGE };
  return { zoom: Math.min(PDF_ZOOM.max, current + PDF_ZOOM.step) };
}

export function zoomOut(current: number): { zoom: number; message?: string } {
  if (current <= PDF_ZOOM.min) return { zoom: PDF_ZOOM.min, message: ZOOM_MIN_MESSAGE };
  return { zoom: Math.max(PDF_ZOOM.min, current - PDF_ZOOM.step) };
}

export function rotate(current: number): number {
  return (current + 90) % 360;
}

export function clampPage(page: number, pageCount: number): number {
  return Math.min(Math.max(1, page), Math.max(1, pageCount));
}
