import { apiJson } from '@client/lib/api';
import type { MemberImportLineError, MemberImportResult } from '@shared/schemas/members';

/** Members per request: each answers in a few seconds, and the progress bar moves between them. */
export const IMPORT_CHUNK_ROWS = 2000;

export const EXPORT_URL = '/api/admin/members/export';

type CsvChunk = { text: string; rowsBefore: number };

/**
 * Splits a CSV into its header and chunks of whole records (a quoted cell may hold line breaks,
 * so only a line break outside quotes ends a record). Each chunk gets the header again; its line
 * numbers are shifted back by the records before it.
 */
export function splitCsv(csv: string, rowsPerChunk = IMPORT_CHUNK_ROWS): CsvChunk[] {
  const text = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv;
  const records: string[] = [];
  let start = 0;
  let isQuoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') isQuoted = !isQuoted;
    else if (char === '\n' && !isQuoted) {
      records.push(text.slice(start, index + 1));
      start = index + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  const [header, ...rows] = records;
  if (header === undefined) return [];
  const headerLine = header.endsWith('\n') ? header : `${header}\n`;
  if (rows.length === 0) return [{ text: headerLine, rowsBefore: 0 }];
  const chunks: CsvChunk[] = [];
  for (let first = 0; first < rows.length; first += rowsPerChunk) {
    chunks.push({ text: headerLine + rows.slice(first, first + rowsPerChunk).join(''), rowsBefore: first });
  }
  return chunks;
}

/** A chunk's error with its line numbers (its own, and an earlier line it names) counted from the top of the file. */
export function shiftLines(error: MemberImportLineError, rowsBefore: number): MemberImportLineError {
  const { earlierLine } = error.params;
  return {
    ...error,
    line: error.line + rowsBefore,
    ...(typeof earlierLine === 'number'
      ? { params: { ...error.params, earlierLine: earlierLine + rowsBefore } }
      : {}),
  };
}

export type ImportProgress = { done: number; total: number };

/**
 * `POST /api/admin/members/import`, a chunk of the file at a time, with the answers added up and
 * every line number counted from the top of the whole file. The dry run goes the same way, so its
 * counts are the real run's.
 */
export async function importMembers(
  csv: string,
  options: { dryRun: boolean; sendInvites: boolean },
  onProgress: (progress: ImportProgress) => void,
): Promise<MemberImportResult> {
  const chunks = splitCsv(csv);
  const total: MemberImportResult = {
    rows: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    errors: [],
    format: 'plain',
    preview: [],
    invited: 0,
    paidAsComplimentary: 0,
  };
  onProgress({ done: 0, total: chunks.length });
  for (const [index, chunk] of chunks.entries()) {
    const result = await apiJson<MemberImportResult>('POST', '/api/admin/members/import', {
      csv: chunk.text,
      ...options,
    });
    total.rows += result.rows;
    total.created += result.created;
    total.updated += result.updated;
    total.skipped += result.skipped;
    total.invited += result.invited;
    total.paidAsComplimentary += result.paidAsComplimentary;
    total.errors.push(...result.errors.map((error) => shiftLines(error, chunk.rowsBefore)));
    if (index === 0) {
      total.format = result.format;
      total.preview = result.preview;
    }
    onProgress({ done: index + 1, total: chunks.length });
    // A file without an email column fails the same way in every chunk.
    if (result.errors.some((error) => error.line === 1)) break;
  }
  return total;
}
