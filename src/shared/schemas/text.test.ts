import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ProfileInputSchema, UpdateUserRequestSchema } from './account.ts';
import { AnnouncementInputSchema } from './announcements.ts';
import { SignUpInputSchema, SignUpRequestSchema } from './auth.ts';
import { CreateCommentInputSchema, CreatePostInputSchema, ForumInputSchema } from './community.ts';
import { ContentInputSchema, PlaylistInputSchema } from './content.ts';
import { hasBidiControl, hasVisibleCharacter, requiredText, visibleText } from './text.ts';

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
    ['\u200FRTL mark', '\u200FRTL mark'],
  ])('accepts %j', (value, expected) => {
    expect(title.parse(value)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['zero-width spaces', '\u200B\u200B'],
    ['a Hangul filler', '\u3164'],
    ['a blank Braille pattern and a no-break space', '\u2800\u00A0'],
    ['not a string', 42],
  ])('refuses %s with the one required message', (_label, value) => {
    expect(messages(value)).toEqual(['Title is required']);
  });

  it.each(['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])(
    'refuses the bidi control U+%s',
    (control) => {
      expect(messages(`ab${control}c`)).toEqual(['Title cannot contain text-direction control characters']);
      expect(hasBidiControl(control)).toBe(true);
    },
  );

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
      for (const bad of ['\u200B', ' \u3164 ', 'Evil\u202Etxt.exe', 'Ann\u2067a']) {
        const result = schema.safeParse({ ...valid, [field]: bad });
        expect(result.success, JSON.stringify(bad)).toBe(false);
        expect(result.error?.issues[0]?.path).toEqual([field]);
      }
    },
  );

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
