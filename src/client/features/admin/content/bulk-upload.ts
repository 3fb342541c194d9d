/**
 * The bulk upload's rules (issue 36, "Authoring"), kept pure: the draft's title from a file's
 * name, and the order files are started in, at most BULK_UPLOAD_CONCURRENCY at a time.
 */

/** Two at a time: enough to keep the connection busy, few enough that each bar moves. */
export const BULK_UPLOAD_CONCURRENCY = 2;

/** The most files one drop takes: a page of the table. */
export const MAX_BULK_UPLOAD_FILES = 50;

/** 'evening_body-scan.mp3' -> 'Evening body scan': the name without its extension, spaced, capitalised. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const spaced = base.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (!spaced) return 'Untitled recording';
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The description a new draft carries until the admin writes one (the API requires one). */
export function draftDescription(fileName: string): string {
  return `Uploaded from ${fileName}. Add a description before publishing.`;
}

export type BulkUploadStatus = 'waiting' | 'uploading' | 'saving' | 'done' | 'failed';

/** The files to start now: those waiting, in order, while fewer than `concurrency` are running. */
export function filesToStart<T extends { status: BulkUploadStatus }>(
  files: readonly T[],
  concurrency = BULK_UPLOAD_CONCURRENCY,
): T[] {
  const running = files.filter((file) => file.status === 'uploading' || file.status === 'saving').length;
  const free = Math.max(0, concurrency - running);
  return files.filter((file) => file.status === 'waiting').slice(0, free);
}
