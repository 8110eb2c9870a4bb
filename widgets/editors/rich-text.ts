import sanitizeHtml from 'sanitize-html';
import { richTextPolicy } from '@contract/rich-text';

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

const RICH_TEXT_POLICY = richTextPolicy(sanitizeHtml.defaults.allowedTags);

/** HTML the editor emits, kept to the rich-text policy of contract/rich-text.ts (what the server stores). */
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
