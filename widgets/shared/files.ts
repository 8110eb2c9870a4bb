/** URL of a stored file: absolute URLs pass through, relative paths go through the static endpoint. */
export function fileAccessUrl(apiBase: string, path: string): string {
  if (!path) return '';
  if (/^https?:\/\//i.test(path) || path.startsWith('data:') || path.startsWith('blob:')) return path;
  return `${apiBase.replace(/\/$/, '')}/sys/common/static/${path.replace(/^\//, '')}`;
}

/** File name shown for a stored path: the last segment. */
export function fileNameOf(path: string): string {
  const clean = path.split('?')[0];
  return clean.substring(clean.lastIndexOf('/') + 1);
}

export function isImagePath(path: string): boolean {
  return /\.(png|jpe?g|gif|bmp|webp|svg|ico)$/i.test(path.split('?')[0]);
}
