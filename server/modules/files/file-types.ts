/**
 * The upload allowlist (deny by default): extension, the content types a browser may
 * declare for it, the type we serve it with, and a check of its first bytes.
 */
export interface FileType {
  ext: string;
  /** Content-Type of downloads (never the uploader's declared type) */
  contentType: string;
  /** declared types accepted on upload besides application/octet-stream */
  declared: readonly string[];
  /** images and PDFs are shown inline on purpose; everything else downloads as an attachment */
  inline: boolean;
  image: boolean;
  /** true when the first bytes fit the type */
  sniff: (head: Buffer) => boolean;
}

const startsWith = (head: Buffer, bytes: readonly number[]) => bytes.every((b, i) => head[i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const PDF = ascii('%PDF-');
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const BMP = ascii('BM');
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];

const isZip = (h: Buffer) => startsWith(h, ZIP) || startsWith(h, ZIP_EMPTY);
const isOle = (h: Buffer) => startsWith(h, OLE);
/** plain text: no NUL byte in what we looked at */
const isText = (h: Buffer) => !h.includes(0);

const jpeg: Omit<FileType, 'ext'> = {
  contentType: 'image/jpeg',
  declared: ['image/jpeg', 'image/pjpeg', 'image/jpg'],
  inline: true,
  image: true,
  sniff: (h) => startsWith(h, JPEG),
};

export const FILE_TYPES: Record<string, FileType> = {
  pdf: {
    ext: 'pdf',
    contentType: 'application/pdf',
    declared: ['application/pdf', 'application/x-pdf'],
    inline: true,
    image: false,
    sniff: (h) => startsWith(h, PDF),
  },
  jpg: { ext: 'jpg', ...jpeg },
  jpeg: { ext: 'jpeg', ...jpeg },
  png: { ext: 'png', contentType: 'image/png', declared: ['image/png'], inline: true, image: true, sniff: (h) => startsWith(h, PNG) },
  gif: {
    ext: 'gif',
    contentType: 'image/gif',
    declared: ['image/gif'],
    inline: true,
    image: true,
    sniff: (h) => startsWith(h, GIF87) || startsWith(h, GIF89),
  },
  bmp: {
    ext: 'bmp',
    contentType: 'image/bmp',
    declared: ['image/bmp', 'image/x-bmp', 'image/x-ms-bmp'],
    inline: true,
    image: true,
    sniff: (h) => startsWith(h, BMP),
  },
  doc: { ext: 'doc', contentType: 'application/msword', declared: ['application/msword'], inline: false, image: false, sniff: isOle },
  docx: {
    ext: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    declared: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
    inline: false,
    image: false,
    sniff: isZip,
  },
  xls: {
    ext: 'xls',
    contentType: 'application/vnd.ms-excel',
    declared: ['application/vnd.ms-excel', 'application/msexcel', 'application/x-msexcel'],
    inline: false,
    image: false,
    sniff: isOle,
  },
  xlsx: {
    ext: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    declared: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
    inline: false,
    image: false,
    sniff: isZip,
  },
  txt: { ext: 'txt', contentType: 'text/plain; charset=utf-8', declared: ['text/plain'], inline: false, image: false, sniff: isText },
  zip: {
    ext: 'zip',
    contentType: 'application/zip',
    declared: ['application/zip', 'application/x-zip-compressed', 'application/x-zip'],
    inline: false,
    image: false,
    sniff: isZip,
  },
};

export const ALLOWED_EXTENSIONS = Object.keys(FILE_TYPES);
export const TYPE_REFUSED_MESSAGE = `不支持的文件类型，只允许上传${ALLOWED_EXTENSIONS.join('、')}格式的文件`;

/** Browsers on some systems declare office and archive files as octet-stream; the sniff still applies. */
const GENERIC_DECLARED = 'application/octet-stream';

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The allow-listed type of an upload, or null when its extension, declared type or content does not fit. */
export function acceptUpload(fileName: string, declaredType: string, head: Buffer): FileType | null {
  const type = FILE_TYPES[extensionOf(fileName)];
  if (!type) return null;
  const declared = declaredType.split(';')[0].trim().toLowerCase();
  if (declared !== GENERIC_DECLARED && !type.declared.includes(declared)) return null;
  return type.sniff(head) ? type : null;
}
