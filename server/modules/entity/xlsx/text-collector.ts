import { decodeXml } from './xml-scan';

/** Excel's own limit on the characters of one cell. */
export const MAX_CELL_CHARS = 32_767;
/** The longest raw text that may still decode to MAX_CELL_CHARS (`&#1114111;` is ten characters for one). */
const MAX_RAW_CHARS = MAX_CELL_CHARS * 10;

export const TOO_LONG = Symbol('too long');

export const cellTooLongMessage = (line: number, col: number) => `第${line}行第${col}列的单元格超过${MAX_CELL_CHARS}个字符`;
export const sharedTooLongMessage = `文件中有单元格超过${MAX_CELL_CHARS}个字符`;
export const tooWideMessage = (line: number, col: number, max: number) => `第${line}行第${col}列超出模板的列数（最多${max}列）`;

/**
 * The text of one cell or shared string, gathered from the scanner's pieces: keeps at most what a cell
 * may hold, so a cell of 100 million characters costs no more than one of 32,767.
 */
export class TextCollector {
  private parts: string[] = [];
  private raw = 0;
  private overflow = false;
  active = false;

  /** True as soon as the text is known to be longer than a cell may be. */
  get overflowed(): boolean {
    return this.overflow;
  }

  start(): void {
    this.parts = [];
    this.raw = 0;
    this.overflow = false;
  }

  add(piece: string): void {
    if (!this.active || this.overflow) return;
    this.raw += piece.length;
    if (this.raw > MAX_RAW_CHARS) {
      this.overflow = true;
      this.parts = [];
      return;
    }
    this.parts.push(piece);
  }

  /** The decoded text, or TOO_LONG when it is longer than a cell may be. */
  value(): string | typeof TOO_LONG {
    if (this.overflow) return TOO_LONG;
    const text = decodeXml(this.parts.join(''));
    return text.length > MAX_CELL_CHARS ? TOO_LONG : text;
  }
}
