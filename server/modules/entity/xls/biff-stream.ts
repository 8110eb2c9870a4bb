/** Low-level reading of a BIFF8 stream: records with their CONTINUE records, and Unicode strings split across them. */

export class XlsFormatError extends Error {}

export const CONTINUE = 0x003c;

export interface BiffRecord {
  id: number;
  /** offset of the record header in the stream (BOUNDSHEET positions point at these) */
  offset: number;
  data: Buffer;
  /** bodies of the CONTINUE records right after this one */
  continues: Buffer[];
}

function recordAt(stream: Buffer, pos: number): { id: number; data: Buffer; next: number } {
  const id = stream.readUInt16LE(pos);
  const end = pos + 4 + stream.readUInt16LE(pos + 2);
  if (end > stream.length) throw new XlsFormatError('record beyond the end of the stream');
  return { id, data: stream.subarray(pos + 4, end), next: end };
}

/** Records from `from` to the end of the stream, each with its CONTINUE records attached. */
export function* records(stream: Buffer, from = 0): Generator<BiffRecord> {
  let pos = from;
  while (pos + 4 <= stream.length) {
    const offset = pos;
    const { id, data, next } = recordAt(stream, pos);
    pos = next;
    const continues: Buffer[] = [];
    while (pos + 4 <= stream.length && stream.readUInt16LE(pos) === CONTINUE) {
      const more = recordAt(stream, pos);
      continues.push(more.data);
      pos = more.next;
    }
    yield { id, offset, data, continues };
  }
}

/** A cursor over a record body and its CONTINUE bodies, read as one byte sequence except inside strings. */
export class SegmentReader {
  private seg = 0;
  private pos = 0;

  constructor(private readonly segments: readonly Buffer[]) {}

  static of(record: BiffRecord, skip = 0): SegmentReader {
    return new SegmentReader([record.data.subarray(skip), ...record.continues]);
  }

  private current(): Buffer {
    for (;;) {
      const s = this.segments[this.seg];
      if (!s) throw new XlsFormatError('record too short');
      if (this.pos < s.length) return s;
      this.seg++;
      this.pos = 0;
    }
  }

  get done(): boolean {
    for (let i = this.seg; i < this.segments.length; i++) {
      if ((i === this.seg ? this.pos : 0) < this.segments[i]!.length) return false;
    }
    return true;
  }

  u8(): number {
    const s = this.current();
    return s[this.pos++]!;
  }

  u16(): number {
    const low = this.u8();
    return low | (this.u8() << 8);
  }

  u32(): number {
    const low = this.u16();
    return low + this.u16() * 0x10000;
  }

  skip(count: number): void {
    let left = count;
    while (left > 0) {
      const s = this.current();
      const take = Math.min(left, s.length - this.pos);
      this.pos += take;
      left -= take;
    }
  }

  /**
   * `count` characters, one or two bytes each. When they run past the end of a segment, the next
   * segment starts with a fresh flags byte saying whether the rest is one- or two-byte.
   */
  private chars(count: number, wide: boolean): string {
    let out = '';
    let left = count;
    let twoBytes = wide;
    while (left > 0) {
      const s = this.segments[this.seg];
      if (!s) throw new XlsFormatError('string beyond the end of the record');
      if (this.pos >= s.length) {
        this.seg++;
        this.pos = 0;
        const next = this.segments[this.seg];
        if (!next || next.length === 0) throw new XlsFormatError('string beyond the end of the record');
        twoBytes = (next[this.pos++]! & 0x01) !== 0;
        continue;
      }
      const width = twoBytes ? 2 : 1;
      const take = Math.min(left, Math.floor((s.length - this.pos) / width));
      if (take === 0) throw new XlsFormatError('character split across records');
      out += s.toString(twoBytes ? 'utf16le' : 'latin1', this.pos, this.pos + take * width);
      this.pos += take * width;
      left -= take;
    }
    return out;
  }

  /** XLUnicodeRichExtendedString (SST entries; LABEL, STRING and FORMAT use its plain subset). */
  string(): string {
    const cch = this.u16();
    const flags = this.u8();
    const runs = flags & 0x08 ? this.u16() : 0;
    const extended = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(cch, (flags & 0x01) !== 0);
    this.skip(runs * 4 + extended);
    return text;
  }

  /** ShortXLUnicodeString (sheet names): one-byte length. */
  shortString(): string {
    const cch = this.u8();
    return this.chars(cch, (this.u8() & 0x01) !== 0);
  }
}
