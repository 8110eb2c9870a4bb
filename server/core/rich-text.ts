import type sanitizeHtml from 'sanitize-html';

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i];

/**
 * What rich text (news, announcements) may keep when it is stored: formatting tags, links, images and
 * a few layout styles; never scripts, event handlers, frames, forms or javascript: URLs.
 */
const EXTRA_TAGS = ['img', 'span', 'font', 'u', 's', 'sub', 'sup', 'h1', 'h2'];
const STORED_RICH_TEXT: Omit<sanitizeHtml.IOptions, 'allowedTags'> = {
  allowedAttributes: {
    '*': ['style', 'class', 'align'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      'font-size': [/^\d+(\.\d+)?(pt|px|em|rem|%)$/],
      'text-align': [/^(left|right|center|justify)$/],
      color: COLOUR,
      'background-color': COLOUR,
      'font-weight': [/^(bold|normal|\d{3})$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^[a-z\s-]+$/],
      'margin-left': [/^\d+(px|em)$/],
      'padding-left': [/^\d+(px|em)$/],
    },
  },
};

/** The HTML to store for a rich-text value from a request body (sanitize-html loads on first use, not at start). */
export async function sanitizeStoredHtml(html: string): Promise<string> {
  const { default: sanitize } = await import('sanitize-html');
  return sanitize(html, { ...STORED_RICH_TEXT, allowedTags: [...sanitize.defaults.allowedTags, ...EXTRA_TAGS] });
}
