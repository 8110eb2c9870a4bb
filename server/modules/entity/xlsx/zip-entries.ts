import { createInflateRaw } from 'node:zlib';

/** A part of the .xlsx zip, found through its central directory. Sizes the zip declares are never trusted. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeader: number;
}

export class ZipFormatError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATE = 8;

/** The entries of a zip held in memory, by name. */
export function zipEntries(file: Buffer): Map<string, ZipEntry> {
  const from = Math.max(0, file.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = file.length - 22; i >= from; i--) {
    if (file.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('no end of central directory');
  const count = file.readUInt16LE(eocd + 10);
  let at = file.readUInt32LE(eocd + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== CENTRAL_HEADER) throw new ZipFormatError('bad central directory');
    const nameLength = file.readUInt16LE(at + 28);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, {
      name,
      method: file.readUInt16LE(at + 10),
      compressedSize: file.readUInt32LE(at + 20),
      localHeader: file.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return entries;
}

/** Shared by the parts of one file: every inflated byte counts, whatever the zip declares. */
export class InflateBudget {
  used = 0;
  constructor(
    readonly limit: number,
    private readonly refuse: () => Error,
  ) {}

  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limit) throw this.refuse();
  }
}

/**
 * The entry's content, inflated in chunks of at most 64 KiB and handed to `onChunk` as they come; stops
 * (with the budget's error) as soon as the inflated bytes pass the budget, and with anything `onChunk` throws.
 */
export async function inflateEntry(file: Buffer, entry: ZipEntry, budget: InflateBudget, onChunk: (chunk: Buffer) => void): Promise<void> {
  const at = entry.localHeader;
  if (at + 30 > file.length || file.readUInt32LE(at) !== LOCAL_HEADER) throw new ZipFormatError('bad local header');
  const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
  const data = file.subarray(start, Math.min(file.length, start + entry.compressedSize));
  if (entry.method === STORED) {
    for (let i = 0; i < data.length; i += 65_536) {
      const chunk = data.subarray(i, i + 65_536);
      budget.take(chunk.length);
      onChunk(chunk);
    }
    return;
  }
  if (entry.method !== DEFLATE) throw new ZipFormatError('unsupported compression');
  // flowing mode: each inflated chunk is handled as it is made, so nothing piles up however far a part inflates
  const inflater = createInflateRaw({ chunkSize: 65_536 });
  await new Promise<void>((resolve, reject) => {
    inflater.on('data', (chunk: Buffer) => {
      try {
        budget.take(chunk.length);
        onChunk(chunk);
      } catch (err) {
        inflater.destroy();
        reject(err);
      }
    });
    inflater.on('error', reject);
    inflater.on('end', resolve);
    inflater.end(data);
  });
}
