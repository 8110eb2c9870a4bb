import { richTextPolicy } from '../../contract/rich-text';

/** The HTML to store for a rich-text value from a request body (sanitize-html loads on first use, not at start). */
export async function sanitizeStoredHtml(html: string): Promise<string> {
  const { default: sanitize } = await import('sanitize-html');
  return sanitize(html, richTextPolicy(sanitize.defaults.allowedTags));
}
