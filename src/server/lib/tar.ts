import type { Readable, Writable } from 'node:stream';

/**
 * The few lines of POSIX ustar the backup archive needs (regular files only), so an operator can
 * still look inside with `tar tzf`. Names up to 255 bytes (ustar's prefix + name fields).
 */
const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  const cut = name.lastIndexOf('/', 155);
  if (
    cut <= 0 ||
    Buffer.byteLength(name.slice(cut + 1)) > 100 ||
    Buffer.byteLength(name.slice(0, cut)) > 155
  ) {
    throw new Error(`name too long for the archive: ${name}`);
  }
  return { prefix: name.slice(0, cut), base: name.slice(cut + 1) };
}

export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  const header = Buffer.alloc(BLOCK, 0);
  const { prefix, base } = splitName(name);
  header.write(base, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK, 0);

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
}

/** Writes tar entries to `out`; the caller pipes `out` to a file (through gzip). */
export function createTarWriter(out: Writable) {
  return {
    /** Adds one file; `body` must yield exactly `size` bytes. */
    async add(name: string, size: number, body: Buffer | AsyncIterable<Buffer | Uint8Array>): Promise<void> {
      await write(out, tarHeader(name, size));
      let written = 0;
      const chunks = Buffer.isBuffer(body) ? [body] : body;
      for await (const chunk of chunks) {
        const buffer = Buffer.from(chunk);
        written += buffer.length;
        if (written > size) throw new Error(`${name} grew while it was being archived`);
        await write(out, buffer);
      }
      if (written !== size) throw new Error(`${name} changed size while it was being archived`);
      await write(out, padding(size));
    },
    async finish(): Promise<void> {
      await write(out, Buffer.alloc(BLOCK * 2, 0));
      await new Promise<void>((resolve, reject) => {
        out.once('error', reject);
        out.end(resolve);
      });
    },
  };
}

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

/** Pulls exact byte counts out of a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly iterator: AsyncIterator<Buffer>;
  private done = false;

  constructor(source: Readable) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(count: number): Promise<boolean> {
    while (this.length < count && !this.done) {
      const next = await this.iterator.next();
      if (next.done) this.done = true;
      else {
        const chunk = Buffer.from(next.value);
        this.buffered.push(chunk);
        this.length += chunk.length;
      }
    }
    return this.length >= count;
  }

  private take(count: number): Buffer {
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    const taken = all.subarray(0, count);
    const rest = all.subarray(count);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }

  /** Exactly `count` bytes, or null at a clean end of stream; throws when the stream stops short. */
  async read(count: number): Promise<Buffer | null> {
    if (!(await this.fill(count))) {
      if (this.length === 0) return null;
      throw new TarFormatError('the archive ends in the middle of a block');
    }
    return this.take(count);
  }

  /** Yields `count` bytes in pieces as they arrive. */
  async *stream(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      if (this.length === 0 && !(await this.fill(1))) {
        throw new TarFormatError('the archive ends in the middle of a file');
      }
      const piece = this.take(Math.min(left, this.length));
      left -= piece.length;
      yield piece;
    }
  }
}

function parseOctal(field: Buffer): number {
  const text = field.toString('ascii').replace(/\0.*$/s, '').trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('a file header in the archive is damaged');
  return Number.parseInt(text, 8);
}

function readHeader(block: Buffer): { name: string; size: number; type: string } {
  const stored = parseOctal(block.subarray(148, 156));
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  if (sum !== stored) throw new TarFormatError('a file header in the archive is damaged (checksum)');
  const text = (from: number, to: number) => block.subarray(from, to).toString('utf8').replace(/\0.*$/s, '');
  const prefix = text(345, 500);
  const base = text(0, 100);
  return {
    name: prefix ? `${prefix}/${base}` : base,
    size: parseOctal(block.subarray(124, 136)),
    type: String.fromCharCode(block[156] || 48),
  };
}

/**
 * Reads every entry of a tar stream in order; `onEntry` must consume `body` fully. Throws a
 * TarFormatError on a damaged header, a short stream or a missing end marker.
 */
export async function readTar(
  source: Readable,
  onEntry: (entry: { name: string; size: number; body: AsyncIterable<Buffer> }) => Promise<void>,
): Promise<void> {
  const reader = new ByteReader(source);
  for (;;) {
    const block = await reader.read(BLOCK);
    if (block === null) throw new TarFormatError('the archive has no end marker (it was cut short)');
    if (block.every((byte) => byte === 0)) {
      const second = await reader.read(BLOCK);
      if (second === null || !second.every((byte) => byte === 0)) {
        throw new TarFormatError('the archive has no end marker (it was cut short)');
      }
      return;
    }
    const header = readHeader(block);
    if (header.type !== '0') throw new TarFormatError(`unexpected entry type in the archive: ${header.name}`);
    await onEntry({ name: header.name, size: header.size, body: reader.stream(header.size) });
    const pad = (BLOCK - (header.size % BLOCK)) % BLOCK;
    if (pad > 0 && (await reader.read(pad)) === null) {
      throw new TarFormatError('the archive ends in the middle of a file');
    }
  }
}
