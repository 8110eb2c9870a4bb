import { StringDecoder } from 'node:string_decoder';

/**
 * A streaming scanner for the XML of spreadsheet parts: fed inflated chunks, it reports tags and text as
 * they pass and keeps nothing but an unfinished tag, so a part of any size costs one chunk of memory.
 * Element names lose their namespace prefix. Text is reported raw (entities undecoded), in pieces.
 */
export interface XmlHandler {
  open(name: string, tag: string, selfClosing: boolean): void;
  close(name: string): void;
  text(raw: string): void;
}

export class XmlFormatError extends Error {}

/** Longest tag accepted (a tag with all its attributes); the parts Excel writes stay far below. */
const MAX_TAG = 64 * 1024;

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

export class XmlScanner {
  private readonly decoder = new StringDecoder('utf8');
  private carry = '';
  private inCdata = false;

  constructor(private readonly handler: XmlHandler) {}

  feed(chunk: Buffer): void {
    const s = this.carry + this.decoder.write(chunk);
    let i = 0;
    while (i < s.length) {
      if (this.inCdata) {
        const end = s.indexOf(']]>', i);
        const stop = end < 0 ? Math.max(i, s.length - 2) : end;
        if (stop > i) this.handler.text(escapeText(s.slice(i, stop)));
        i = stop;
        if (end < 0) break;
        this.inCdata = false;
        i += 3;
      } else if (s[i] !== '<') {
        const lt = s.indexOf('<', i);
        const stop = lt < 0 ? s.length : lt;
        this.handler.text(s.slice(i, stop));
        i = stop;
      } else if (s.startsWith('<![CDATA[', i)) {
        this.inCdata = true;
        i += 9;
      } else if (s.startsWith('<!--', i)) {
        const end = s.indexOf('-->', i);
        if (end < 0) break;
        i = end + 3;
      } else {
        const end = s.indexOf('>', i);
        if (end < 0) break;
        this.tag(s.slice(i + 1, end));
        i = end + 1;
      }
    }
    this.carry = s.slice(i);
    if (this.carry.length > MAX_TAG) throw new XmlFormatError('tag too long');
  }

  private tag(body: string): void {
    const first = body[0];
    if (first === '?' || first === '!') return;
    if (first === '/') {
      this.handler.close(localName(body.slice(1).trim()));
      return;
    }
    const selfClosing = body.endsWith('/');
    const name = /^[^\s/>]+/.exec(body)?.[0] ?? '';
    this.handler.open(localName(name), body, selfClosing);
    if (selfClosing) this.handler.close(localName(name));
  }
}

/** CDATA text in the raw form the handler expects. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** An attribute of a tag by its local name (`r:id` answers `id` too), undecoded entities decoded. */
const attrPatterns = new Map<string, RegExp>();

export function attr(tag: string, name: string): string | undefined {
  let pattern = attrPatterns.get(name);
  if (!pattern) attrPatterns.set(name, (pattern = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const m = pattern.exec(tag);
  if (!m) return undefined;
  return decodeXml(m[1] ?? m[2] ?? '');
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXml(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (_, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref]!;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}
