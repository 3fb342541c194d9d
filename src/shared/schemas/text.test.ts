import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ProfileInputSchema, UpdateUserRequestSchema } from './account.ts';
import { AnnouncementInputSchema } from './announcements.ts';
import { SignUpInputSchema, SignUpRequestSchema } from './auth.ts';
import { CreateCommentInputSchema, CreatePostInputSchema, ForumInputSchema } from './community.ts';
import { ContentInputSchema, PlaylistInputSchema } from './content.ts';
import {
  hasBidiControl,
  hasInvisibleFormatting,
  hasVisibleCharacter,
  requiredText,
  singleLineText,
  visibleText,
} from './text.ts';

describe('visibleText', () => {
  const title = visibleText({ label: 'Title', max: 10, required: 'Title is required' });
  const messages = (value: unknown) => {
    const result = title.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it.each([
    ['Quiet', 'Quiet'],
    ['  Still  ', 'Still'],
    ['שלום', 'שלום'],
    ['静けさ', '静けさ'],
    ['🌿', '🌿'],
    ['👩\u200D🌾', '👩\u200D🌾'],
    ['Cafe\u0301', 'Caf\u00E9'],
  ])('accepts %j', (value, expected) => {
    expect(title.parse(value)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['a Hangul filler', '\u3164'],
    ['a blank Braille pattern and a no-break space', '\u2800\u00A0'],
    ['not a string', 42],
  ])('refuses %s with the one required message', (_label, value) => {
    expect(messages(value)).toEqual(['Title is required']);
  });

  it.each([
    '\u061C',
    '\u180E',
    '\u00AD',
    '\u200B',
    '\u200C',
    '\u200D',
    '\u200E',
    '\u200F',
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2060',
    '\u2061',
    '\u2062',
    '\u2063',
    '\u2064',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\uFEFF',
  ])('refuses the invisible or text-direction control %j', (control) => {
    expect(messages(`ab${control}c`)).toEqual([
      'Title cannot contain invisible or text-direction control characters',
    ]);
    expect(messages(`${control}${control}`)).toHaveLength(1);
    expect(hasInvisibleFormatting(control)).toBe(true);
  });

  it('keeps the old bidi test for the controls that reorder text', () => {
    for (const control of ['\u061C', '\u200E', '\u200F', '\u202E', '\u2067']) {
      expect(hasBidiControl(control)).toBe(true);
    }
  });

  it.each([
    ['LF', 'Calm\nmorning'],
    ['CR', 'Calm\rmorning'],
    ['CRLF', 'Calm\r\nmorning'],
    ['a tab', 'Calm\tmorning'],
    ['the line separator', 'Calm\u2028morning'],
  ])('refuses %s inside a single-line field', (_what, value) => {
    expect(messages(value)).toEqual(['Title must be on one line']);
  });

  it('normalises to NFC before counting: ten decomposed é fit in ten characters', () => {
    const decomposed = 'e\u0301'.repeat(10);
    expect(decomposed).toHaveLength(20);
    expect(title.parse(decomposed)).toBe('\u00E9'.repeat(10));
    expect(messages('e\u0301'.repeat(11))).toEqual(['Title can be at most 10 characters']);
  });

  it('counts the limit and says it once', () => {
    expect(messages('x'.repeat(11))).toEqual(['Title can be at most 10 characters']);
    expect(hasVisibleCharacter(' \u200B.')).toBe(true);
  });
});

/** Every schema that names a person or titles something people see, and a valid body for it. */
const NAME_AND_TITLE_FIELDS: [string, z.ZodType, Record<string, unknown>, string][] = [
  [
    'sign-up first name',
    SignUpInputSchema,
    { firstName: 'A', lastName: 'B', email: 'a@b.test', password: 'x'.repeat(12) },
    'firstName',
  ],
  [
    'sign-up last name',
    SignUpInputSchema,
    { firstName: 'A', lastName: 'B', email: 'a@b.test', password: 'x'.repeat(12) },
    'lastName',
  ],
  [
    'sign-up name',
    SignUpRequestSchema,
    { firstName: 'A', lastName: 'B', email: 'a@b.test', password: 'x'.repeat(12), name: 'A B' },
    'name',
  ],
  ['profile first name', ProfileInputSchema, { firstName: 'A', lastName: 'B' }, 'firstName'],
  ['profile last name', ProfileInputSchema, { firstName: 'A', lastName: 'B' }, 'lastName'],
  ['update-user name', UpdateUserRequestSchema, { name: 'A B' }, 'name'],
  ['post title', CreatePostInputSchema, { title: 'T', content: 'C' }, 'title'],
  ['forum title', ForumInputSchema, { title: 'T', description: 'D', category: 'general' }, 'title'],
  ['content title', ContentInputSchema, { title: 'T', description: 'D' }, 'title'],
  ['playlist title', PlaylistInputSchema, { title: 'T' }, 'title'],
  ['announcement title', AnnouncementInputSchema, { title: 'T', content: 'C' }, 'title'],
];

describe('names and titles everywhere use visibleText', () => {
  it.each(NAME_AND_TITLE_FIELDS)(
    '%s: accepted when visible, refused when blank or with a bidi override',
    (_label, schema, valid, field) => {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const bad of [
        '\u200B',
        ' \u3164 ',
        'Evil\u202Etxt.exe',
        'Ann\u2067a',
        'Ann\u061Ca',
        'Ann\u200Ba',
        'Ann\uFEFFa',
        'First\nSecond',
        'First\r\nSecond',
      ]) {
        const result = schema.safeParse({ ...valid, [field]: bad });
        expect(result.success, JSON.stringify(bad)).toBe(false);
        expect(result.error?.issues[0]?.path).toEqual([field]);
      }
    },
  );

  it('optional single-line fields (link text, tags) follow the same rule', () => {
    const announcement = { title: 'T', content: 'C' };
    expect(AnnouncementInputSchema.parse({ ...announcement, linkText: '' }).linkText).toBeNull();
    for (const bad of ['Read\nmore', 'Read\u202Emore', 'Read\u061C']) {
      const link = AnnouncementInputSchema.safeParse({ ...announcement, linkText: bad });
      expect(link.error?.issues[0]?.path, JSON.stringify(bad)).toEqual(['linkText']);
      const tags = ContentInputSchema.safeParse({ title: 'T', description: 'D', tags: ['calm', bad] });
      expect(tags.error?.issues[0]?.path, JSON.stringify(bad)).toEqual(['tags', 1]);
    }
    const optional = singleLineText({ label: 'Note', max: 3 });
    expect(optional.parse('  ')).toBe('');
    expect(optional.safeParse('\u200B').error?.issues[0]?.message).toBe(
      'Note cannot contain invisible or text-direction control characters',
    );
  });

  it('comments and post bodies need something visible too', () => {
    expect(CreatePostInputSchema.safeParse({ title: 'T', content: '\u200B \u200B' }).success).toBe(false);
    expect(CreateCommentInputSchema.safeParse({ content: '\u200B' }).success).toBe(false);
  });
});

describe('requiredText', () => {
  it.each([
    ['a forum description', ForumInputSchema.shape.description, 'Description', 1000],
    ['a content description', ContentInputSchema.shape.description, 'Description', 20_000],
    ["an announcement's content", AnnouncementInputSchema.shape.content, 'Content', 1000],
    ['a field of its own', requiredText('Notes', 10), 'Notes', 10],
  ] as const)(
    '%s: trimmed, required, at most its limit, named in the messages',
    (_what, schema, label, max) => {
      expect(schema.parse('  calm  ')).toBe('calm');
      expect(schema.safeParse('   ').error?.issues[0]?.message).toBe(`${label} is required`);
      expect(schema.safeParse('x'.repeat(max + 1)).error?.issues[0]?.message).toBe(
        `${label} can be at most ${max} characters`,
      );
      expect(schema.safeParse('x'.repeat(max)).success).toBe(true);
    },
  );
});
