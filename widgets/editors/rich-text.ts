import sanitizeHtml from 'sanitize-html';

/** Chinese font-size names (初号 … 六号) with their point sizes. */
export const CHINESE_FONT_SIZES: readonly { name: string; pt: number }[] = [
  { name: '初号', pt: 42 },
  { name: '小初', pt: 36 },
  { name: '一号', pt: 26 },
  { name: '小一', pt: 24 },
  { name: '二号', pt: 22 },
  { name: '小二', pt: 18 },
  { name: '三号', pt: 16 },
  { name: '小三', pt: 15 },
  { name: '四号', pt: 14 },
  { name: '小四', pt: 12 },
  { name: '五号', pt: 10.5 },
  { name: '小五', pt: 9 },
  { name: '六号', pt: 7.5 },
];

export const RICH_TEXT_HEIGHT = 300;

const RICH_TEXT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font', 'u', 's', 'sub', 'sup', 'h1', 'h2'],
  allowedAttributes: {
    '*': ['style', 'class', 'align'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedStyles: {
    '*': {
      'font-size': [/^\d+(\.\d+)?(pt|px|em|rem|%)$/],
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^[a-z\s-]+$/],
      'margin-left': [/^\d+(px|em)$/],
      'padding-left': [/^\d+(px|em)$/],
    },
  },
};

/** HTML the editor emits: an allowlist of tags, attributes, styles and URL schemes (no scripts, handlers or javascript:). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_POLICY);
}

/** Image source for an upload answer: "local" means the file stays inline as base64. */
export function editorImageSource(message: string, inlineData: string, staticUrl: (path: string) => string): string {
  return message === 'local' ? inlineData : staticUrl(message);
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
