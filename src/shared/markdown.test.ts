import { describe, expect, it } from 'vitest';
import {
  containsLink,
  markdownToPlainText,
  mentionedUserIds,
  mentionLabel,
  mentionToken,
  plainPreview,
  rewriteMentions,
} from './markdown.ts';

const ANN = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';

describe('markdownToPlainText', () => {
  it.each([
    ['**bold** and *italic*', 'bold and italic'],
    ['> a quote\n\n- one\n- two', 'a quote one two'],
    ['[the guide](https://example.com) and `code`', 'the guide and code'],
    ['line one\nline two', 'line one line two'],
    ['# not a heading', '# not a heading'],
    ['<b>raw</b> stays as written', '<b>raw</b> stays as written'],
    [`hi @[Ann Lee](user:${ANN})`, 'hi @Ann Lee'],
    ['\\*escaped\\*', '*escaped*'],
  ])('%j → %j', (source, text) => {
    expect(markdownToPlainText(source)).toBe(text);
  });

  it('cuts previews on the plain words', () => {
    expect(plainPreview(`**${'a'.repeat(200)}**`, 150)).toBe(`${'a'.repeat(150)}…`);
    expect(plainPreview('*short*', 150)).toBe('short');
  });
});

describe('mentions', () => {
  it('finds each mentioned id once, in order', () => {
    expect(mentionedUserIds(`@[B](user:${BEN}) @[A](user:${ANN}) @[B again](user:${BEN})`)).toEqual([
      BEN,
      ANN,
    ]);
    expect(mentionedUserIds('@[No id](user:not-a-uuid) me@example.com [x](user:1)')).toEqual([]);
  });

  it('makes tokens whose label cannot break out of the brackets', () => {
    expect(mentionLabel('  Ann ] [Lee\n ')).toBe('Ann Lee');
    expect(mentionLabel('')).toBe('Member');
    expect(mentionToken('Ann [x]', ANN)).toBe(`@[Ann x](user:${ANN})`);
    expect(mentionedUserIds(mentionToken('Ann [x]', ANN))).toEqual([ANN]);
  });

  it('rewrites known people to their current name and unknown ones to plain text', () => {
    const names = new Map([[ANN, 'Annie Lee']]);
    expect(rewriteMentions(`hi @[Ann Lee](user:${ANN}) and @[*Ben*](user:${BEN})`, names)).toBe(
      `hi @[Annie Lee](user:${ANN}) and @\\*Ben\\*`,
    );
    expect(markdownToPlainText(rewriteMentions(`@[*Ben*](user:${BEN})`, names))).toBe('@*Ben*');
  });
});

describe('containsLink (the new-account hold, on the parsed tokens)', () => {
  it.each([
    'See https://example.com/offer',
    '[x](https:&#x2F;&#x2F;evil.example)',
    '[x](mailto:a@evil.example)',
    '<mailto:a@evil.example>',
    '<https://calm.zz>',
    '[x](https://calm.zz)',
    '[x](javascript:alert(1))',
    '[x](//evil.example)',
    '[x][1]\n\n[1]: https://evil.example',
    'www.example.org',
    'visit example.com',
    'a@evil.example',
    '> quoted https://evil.example',
    '- a list item with [a link](https://evil.example)',
  ])('holds %j', (source) => {
    expect(containsLink(source)).toBe(true);
  });

  it.each([
    'Just breathing today.',
    'Twenty minutes. Then tea.',
    '@[Ben Moss](user:5f0c8a7e-3b1d-4e2f-9a6b-7c8d9e0f1a2b) thank you',
    'e.g. this, i.e. that',
    '**bold** and *soft*',
  ])('lets %j through', (source) => {
    expect(containsLink(source)).toBe(false);
  });
});
