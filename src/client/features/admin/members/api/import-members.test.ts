import { describe, expect, it } from 'vitest';
import { splitCsv } from './import-members';

describe('splitCsv', () => {
  it('keeps a quoted cell with line breaks in one record and repeats the header in every chunk', () => {
    const csv = '\ufeffemail,note\r\na@x.test,"two\r\nlines"\r\nb@x.test,plain\r\nc@x.test,"say ""hi"""\r\n';
    expect(splitCsv(csv, 2)).toEqual([
      { text: 'email,note\r\na@x.test,"two\r\nlines"\r\nb@x.test,plain\r\n', rowsBefore: 0 },
      { text: 'email,note\r\nc@x.test,"say ""hi"""\r\n', rowsBefore: 2 },
    ]);
  });

  it('a file without a final line break keeps its last record', () => {
    expect(splitCsv('email\na@x.test', 10)).toEqual([{ text: 'email\na@x.test', rowsBefore: 0 }]);
  });
});
