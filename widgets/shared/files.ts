/** The part the server adds to a stored file's name to make it unique: _<13-digit time><20 hex>. */
const STORED_SUFFIX = /_\d{13}[0-9a-f]{20}(?=\.[A-Za-z0-9]+$|$)/;

/** File name shown for a stored path: the last segment, without the server's uniqueness suffix. */
export function fileNameOf(path: string): string {
  const clean = path.split('?')[0];
  let last = clean.substring(clean.lastIndexOf('/') + 1);
  try {
    last = decodeURIComponent(last);
  } catch {
    // a literal % in a name: show it as it is
  }
  return last.replace(STORED_SUFFIX, '');
}

export function isImagePath(path: string): boolean {
  return /\.(png|jpe?g|gif|bmp|webp|svg|ico)$/i.test(path.split('?')[0]);
}
