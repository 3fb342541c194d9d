import { describe, expect, it } from 'vitest';
import { type BulkUploadStatus, filesToStart, titleFromFileName } from './bulk-upload';

describe('titleFromFileName', () => {
  it.each([
    ['evening_body-scan.mp3', 'Evening body scan'],
    ['  morning   sit .m4a', 'Morning sit'],
    ['no-extension', 'No extension'],
    ['.mp3', 'Untitled recording'],
    ['talk.v2.ogg', 'Talk.v2'],
  ])('%s -> %s', (fileName, title) => {
    expect(titleFromFileName(fileName)).toBe(title);
  });
});

describe('filesToStart', () => {
  const files = (...statuses: BulkUploadStatus[]) => statuses.map((status, index) => ({ status, index }));

  it('starts at most two at a time, in order', () => {
    expect(filesToStart(files('waiting', 'waiting', 'waiting')).map((file) => file.index)).toEqual([0, 1]);
    expect(filesToStart(files('uploading', 'waiting', 'waiting')).map((file) => file.index)).toEqual([1]);
    expect(filesToStart(files('saving', 'uploading', 'waiting'))).toEqual([]);
  });

  it('goes on past failed and finished files', () => {
    expect(filesToStart(files('failed', 'done', 'waiting', 'waiting')).map((file) => file.index)).toEqual([
      2, 3,
    ]);
  });
});
