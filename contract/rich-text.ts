/**
 * What rich text (news, announcements, editor fields) may keep: formatting tags, links, images and a few layout
 * styles; never scripts, event handlers, frames, forms, javascript: or protocol-relative URLs. The server applies it
 * to what it stores, the editor to what it emits; each half keeps its own sanitize-html and passes its default tags.
 */
import type sanitizeHtml from 'sanitize-html';

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i];

/** Tags allowed besides sanitize-html's defaults. */
export const RICH_TEXT_EXTRA_TAGS: readonly string[] = ['img', 'span', 'font', 'u', 's', 'sub', 'sup', 'h1', 'h2'];

const ATTRIBUTES_AND_STYLES: Omit<sanitizeHtml.IOptions, 'allowedTags'> = {
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

/** The sanitize-html options of rich text, given the library's default tags (`sanitizeHtml.defaults.allowedTags`). */
export function richTextPolicy(defaultTags: readonly string[]): sanitizeHtml.IOptions {
  return { ...ATTRIBUTES_AND_STYLES, allowedTags: [...defaultTags, ...RICH_TEXT_EXTRA_TAGS] };
}
