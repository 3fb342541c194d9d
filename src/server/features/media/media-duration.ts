import { parseStream } from 'music-metadata';
import type { Storage } from '../../lib/storage/storage.ts';

/**
 * Reads an uploaded audio or video file's length (issue 36, "Authoring") with music-metadata, a
 * pure-JavaScript reader: no ffprobe to install, the same code for local disk and S3. The object
 * is streamed from storage, so a 500 MB film is never held in memory; the reader stops as soon as
 * it knows the length (an MP3's first frames, an MP4's `moov` box, an Ogg file's last page).
 */

/** Said to the admin when a file's length cannot be read; the upload itself still succeeds. */
export const DURATION_UNREADABLE_NOTE =
  'The length of this file could not be read. Type the duration in seconds yourself.';

export type MediaDuration = { duration: number | null; durationNote?: string; title?: string };

/** Longest title kept from a file's tags: the content title's limit (MAX_TITLE_LENGTH). */
const TAG_TITLE_MAX_LENGTH = 200;

/**
 * The recording's own title from its tags (ID3, MP4, Vorbis comments), as one plain line, for the
 * bulk upload's drafts (issue 36); undefined when the file has none. Control characters and
 * runs of spaces are folded, so a tag cannot break a line of the admin table.
 */
function tagTitle(title: string | undefined): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const line = title?.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return line ? Array.from(line).slice(0, TAG_TITLE_MAX_LENGTH).join('').trim() : undefined;
}

/** Whole seconds, rounded to the nearest, or null with a note when the file does not say. */
export async function readMediaDuration(
  storage: Storage,
  key: string,
  file: { size: number; mimeType: string },
): Promise<MediaDuration> {
  const stream = await storage.read(key);
  try {
    // `duration: true` lets the reader count an MP3's frames when it carries no header with the
    // total (constant-bitrate files often do not), rather than guessing from the bitrate.
    const metadata = await parseStream(stream, file, { duration: true, skipCovers: true });
    const seconds = metadata.format.duration;
    const title = tagTitle(metadata.common.title);
    const named = title ? { title } : {};
    if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
      return { duration: null, durationNote: DURATION_UNREADABLE_NOTE, ...named };
    }
    // A recording of 0.4 s still has a length: never 0 for a file that plays.
    return { duration: Math.max(1, Math.round(seconds)), ...named };
  } catch {
    return { duration: null, durationNote: DURATION_UNREADABLE_NOTE };
  } finally {
    // The reader may stop before the end of the file; the rest is not wanted.
    stream.destroy();
  }
}
