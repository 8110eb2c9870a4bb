/** File name shown for a stored path: the last segment. */
export function fileNameOf(path: string): string {
  const clean = path.split('?')[0];
  return clean.substring(clean.lastIndexOf('/') + 1);
}

export function isImagePath(path: string): boolean {
  return /\.(png|jpe?g|gif|bmp|webp|svg|ico)$/i.test(path.split('?')[0]);
}
