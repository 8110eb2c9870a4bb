import type { Writable } from 'node:stream';

/** ustar: 512-byte blocks, a header per member, the body padded to a block, two zero blocks at the end. */
const BLOCK = 512;
/** the largest size an ustar header's 11 octal digits can state */
const MAX_MEMBER_BYTES = 0o77777777777;

function writeText(header: Buffer, offset: number, length: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > length) throw new Error(`tar field too long: ${text}`);
  bytes.copy(header, offset);
}

function octal(value: number, digits: number): string {
  return value.toString(8).padStart(digits, '0');
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (size > MAX_MEMBER_BYTES) throw new Error(`${name} is larger than a tar member may be (8 GiB)`);
  const h = Buffer.alloc(BLOCK);
  writeText(h, 0, 100, name);
  writeText(h, 100, 8, '0000600\0');
  writeText(h, 108, 8, '0000000\0');
  writeText(h, 116, 8, '0000000\0');
  writeText(h, 124, 12, `${octal(size, 11)}\0`);
  writeText(h, 136, 12, `${octal(Math.floor(mtime.getTime() / 1000), 11)}\0`);
  h.fill(' ', 148, 156);
  writeText(h, 156, 1, '0');
  writeText(h, 257, 6, 'ustar\0');
  writeText(h, 263, 2, '00');
  let sum = 0;
  for (const byte of h) sum += byte;
  writeText(h, 148, 8, `${octal(sum, 6)}\0 `);
  return h;
}

function write(out: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    out.once('error', onError);
    const flushed = out.write(chunk, (err) => {
      out.off('error', onError);
      if (err) reject(err);
    });
    if (flushed) {
      out.off('error', onError);
      resolve();
    } else {
      out.once('drain', () => {
        out.off('error', onError);
        resolve();
      });
    }
  });
}

/** Writes tar members one after the other into `out` (which the caller ends after finish()). */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  async add(name: string, body: Buffer, mtime = new Date()): Promise<void> {
    await write(this.out, header(name, body.length, mtime));
    if (body.length > 0) await write(this.out, body);
    const pad = (BLOCK - (body.length % BLOCK)) % BLOCK;
    if (pad > 0) await write(this.out, Buffer.alloc(pad));
  }

  async finish(): Promise<void> {
    await write(this.out, Buffer.alloc(BLOCK * 2));
  }
}

export interface TarMember {
  name: string;
  body: Buffer;
}

export class TarFormatError extends Error {}

function readText(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function checkHeader(block: Buffer): void {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i];
  const stated = parseInt(readText(block, 148, 8).trim(), 8);
  if (stated !== sum) throw new TarFormatError('a tar header checksum does not match');
}

/** Bytes arrive in chunks of any size; this hands out exact lengths. */
class ByteQueue {
  private chunks: Buffer[] = [];
  private length = 0;

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  get size(): number {
    return this.length;
  }

  take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.length);
    const taken = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }
}

/** The members of a tar stream, each read whole (members are bounded: row chunks, files, the PGlite dump). */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarMember> {
  const queue = new ByteQueue();
  const iterator = source[Symbol.asyncIterator]();
  const fill = async (n: number): Promise<boolean> => {
    while (queue.size < n) {
      const next = await iterator.next();
      if (next.done) return false;
      queue.push(next.value);
    }
    return true;
  };
  for (;;) {
    if (!(await fill(BLOCK))) throw new TarFormatError('the archive ends in the middle');
    const block = queue.take(BLOCK);
    if (block.every((b) => b === 0)) {
      // read on to the end of the stream: gunzip checks its CRC only there, and a flipped byte in a member's padding
      // or in the closing blocks is found by nothing else
      const rest = [queue.take(queue.size)];
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) rest.push(next.value);
      if (rest.some((chunk) => chunk.some((b) => b !== 0))) throw new TarFormatError('there are bytes after the end of the archive');
      return;
    }
    checkHeader(block);
    const name = readText(block, 0, 100);
    const size = parseInt(readText(block, 124, 12).trim(), 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new TarFormatError(`member ${name} has no valid size`);
    const padded = size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (!(await fill(padded))) throw new TarFormatError(`the archive ends in the middle of ${name}`);
    const body = queue.take(padded).subarray(0, size);
    yield { name, body };
  }
}
