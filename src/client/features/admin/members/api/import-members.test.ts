import { describe, expect, it } from 'vitest';
import { shiftLines, splitCsv } from './import-members';

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

describe('shiftLines', () => {
  it("counts a chunk's line and the earlier line it names from the top of the file", () => {
    const error = {
      line: 4,
      code: 'DUPLICATE_EMAIL',
      params: { email: 'lee@example.com', earlierLine: 2 },
      message: 'lee@example.com is already on line 2',
    };
    expect(shiftLines(error, 2000)).toEqual({
      ...error,
      line: 2004,
      params: { ...error.params, earlierLine: 2002 },
    });
    expect(
      shiftLines({ line: 3, code: 'NOT_IMPORTED', params: { reason: 'x' }, message: 'Not imported: x' }, 10),
    ).toEqual({
      line: 13,
      code: 'NOT_IMPORTED',
      params: { reason: 'x' },
      message: 'Not imported: x',
    });
  });
});
