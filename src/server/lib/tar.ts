import type { Readable } from 'node:stream';
import tarStream from 'tar-stream';

/**
 * The backup archive's tar layer, on `tar-stream` (the tar of npm's own tooling): standard ustar
 * with PAX headers for long names, so `tar tzf` lists it and an archive repacked by GNU or BSD tar
 * reads back. Regular files only; the caller gzips (node:zlib) and checks every byte against the
 * manifest, so this file only says what a tar holds.
 */

/** A tar being written: pipe `stream` to its destination, `add` each file, then `finish`. */
export type TarWriter = {
  stream: Readable;
  /** Adds one file; `body` must yield exactly `size` bytes (a file that changed is an error). */
  add: (name: string, size: number, body: Buffer | AsyncIterable<Buffer | Uint8Array>) => Promise<void>;
  finish: () => void;
};

export function createTarWriter(): TarWriter {
  const pack = tarStream.pack();
  const mtime = new Date();
  return {
    // tar-stream's streams are streamx streams; Node's pipeline reads them as any Readable.
    stream: pack as unknown as Readable,
    add: (name, size, body) =>
      new Promise<void>((resolve, reject) => {
        // Entries hold member data: owner-only, like the archive itself.
        const entry = pack.entry({ name, size, mode: 0o600, mtime, type: 'file' }, (error) =>
          error ? reject(error) : resolve(),
        );
        void (async () => {
          let written = 0;
          try {
            for await (const chunk of Buffer.isBuffer(body) ? [body] : body) {
              written += chunk.length;
              // Checked before the bytes go out: a longer body would shift every later header.
              if (written > size) throw new Error(`${name} grew while it was being archived`);
              if (!entry.write(Buffer.from(chunk))) {
                await new Promise<void>((drained) => entry.once('drain', () => drained()));
              }
            }
            if (written !== size) throw new Error(`${name} changed size while it was being archived`);
            entry.end(() => {});
          } catch (error) {
            reject(error);
            entry.destroy(error as Error);
          }
        })();
      }),
    finish: () => pack.finalize(),
  };
}

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

/** An error thrown by the caller's `onEntry`, passed through as it is. */
class EntryHandlerError extends Error {
  constructor(readonly original: unknown) {
    super('entry handler failed');
  }
}

/**
 * Reads every regular file of a tar stream in order; `onEntry` must consume `body` fully.
 * Directory entries (which GNU tar adds when it repacks a folder) are skipped; links, devices and
 * other types are refused. A damaged header or a stream that stops inside a file is a
 * TarFormatError; errors of `source` (gzip's, for instance) come out as they are. When `signal`
 * aborts, reading stops at once with its reason, even while `source` waits for bytes that never come.
 */
export async function readTar(
  source: Readable,
  onEntry: (entry: { name: string; size: number; body: AsyncIterable<Buffer> }) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const extract = tarStream.extract();
  source.once('error', (error) => extract.destroy(error));
  const onAbort = () => extract.destroy(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  source.pipe(extract);
  try {
    for await (const entry of extract) {
      const { type, size = 0 } = entry.header;
      // `tar -czf` from inside the unpacked folder names entries `./stillpoint-backup/...`.
      const name = entry.header.name.replace(/^(\.\/)+/, '');
      if (type === 'directory') {
        entry.resume();
        continue;
      }
      if (type !== 'file' && type !== 'contiguous-file') {
        throw new EntryHandlerError(new TarFormatError(`unexpected entry type in the archive: ${name}`));
      }
      try {
        await onEntry({ name, size, body: entry as AsyncIterable<Buffer> });
      } catch (error) {
        throw new EntryHandlerError(error);
      }
    }
  } catch (error) {
    source.unpipe(extract);
    source.destroy();
    extract.destroy();
    if (error instanceof EntryHandlerError) throw error.original;
    if (signal?.aborted) throw signal.reason;
    if ((error as NodeJS.ErrnoException).code) throw error; // the source's own (gzip, file system)
    // tar-stream's own: "Invalid tar header ...", "Unexpected end of data", "Size mismatch".
    throw new TarFormatError(`the tar data is damaged or cut short (${(error as Error).message})`);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
