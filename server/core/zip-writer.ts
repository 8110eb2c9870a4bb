/**
 * A streaming ZIP writer (deflate through Node's zlib, sizes and CRCs in data descriptors), so an
 * archive of any length goes out with memory bounded by the compressor's window.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
/** bit 3: sizes follow the data; bit 11: names are UTF-8 */
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;
const MAX_ZIP32 = 0xffffffff;

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
  time: number;
  date: number;
}

function dosDateTime(now: Date): { time: number; date: number } {
  return {
    time: (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2),
    date: ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate(),
  };
}

export class ZipEntryWriter {
  private crc = 0;
  private size = 0;
  private compressed = 0;
  private readonly done: Promise<void>;

  constructor(
    private readonly deflate: DeflateRaw,
    private readonly out: Writable,
    onEnd: (sizes: { crc: number; size: number; compressed: number }) => void,
  ) {
    deflate.on('data', (chunk: Buffer) => {
      this.compressed += chunk.length;
      if (!out.write(chunk)) {
        deflate.pause();
        out.once('drain', () => deflate.resume());
      }
    });
    this.done = once(deflate, 'end').then(() => onEnd({ crc: this.crc, size: this.size, compressed: this.compressed }));
  }

  /** Resolves when the compressor can take more (backpressure reaches the caller). */
  async write(text: string): Promise<void> {
    if (this.out.destroyed) throw new Error('the download was closed');
    if (!text) return;
    const data = Buffer.from(text, 'utf8');
    this.crc = crc32(data, this.crc);
    this.size += data.length;
    if (this.size > MAX_ZIP32) throw new Error('zip entry larger than 4 GB');
    if (this.deflate.write(data)) return;
    const waiting = new AbortController();
    try {
      await Promise.race([once(this.deflate, 'drain', { signal: waiting.signal }), once(this.out, 'close', { signal: waiting.signal })]);
    } finally {
      waiting.abort();
    }
  }

  async end(): Promise<void> {
    this.deflate.end();
    await this.done;
  }
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private open = false;

  constructor(private readonly out: Writable) {}

  private emit(chunk: Buffer): void {
    this.offset += chunk.length;
    this.out.write(chunk);
  }

  /** Starts the next entry; end it before starting another. */
  entry(fileName: string, now = new Date()): ZipEntryWriter {
    if (this.open) throw new Error('the previous zip entry is still open');
    this.open = true;
    const name = Buffer.from(fileName, 'utf8');
    const { time, date } = dosDateTime(now);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt16LE(name.length, 26);
    const offset = this.offset;
    this.emit(Buffer.concat([header, name]));
    return new ZipEntryWriter(createDeflateRaw({ level: 6 }), this.out, ({ crc, size, compressed }) => {
      this.offset += compressed;
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(compressed, 8);
      descriptor.writeUInt32LE(size, 12);
      this.emit(descriptor);
      this.entries.push({ name, offset, crc, compressed, size, time, date });
      this.open = false;
    });
  }

  /** Writes the central directory; the caller ends the output stream. */
  finish(): void {
    if (this.open) throw new Error('a zip entry is still open');
    const start = this.offset;
    for (const e of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(e.time, 12);
      header.writeUInt16LE(e.date, 14);
      header.writeUInt32LE(e.crc, 16);
      header.writeUInt32LE(e.compressed, 20);
      header.writeUInt32LE(e.size, 24);
      header.writeUInt16LE(e.name.length, 28);
      header.writeUInt32LE(e.offset, 42);
      this.emit(Buffer.concat([header, e.name]));
    }
    if (this.offset > MAX_ZIP32) throw new Error('zip archive larger than 4 GB');
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.emit(end);
  }
}
