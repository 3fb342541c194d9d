import { ErrorBodySchema } from '@shared/schemas/errors.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeDocs } from './route-docs.ts';

const IdParams = z.object({ id: z.uuid() });

// The OpenAPI document lists a route's schema keys in the order they are written, so the
// options `doc` makes must be the written-out object to the letter, key order included.
describe('routeDocs', () => {
  const doc = routeDocs('library');

  it.each([
    {
      name: 'a summary and a schema',
      made: doc('Delete a content item (admin)', { params: IdParams, response: { 404: ErrorBodySchema } }),
      written: {
        schema: {
          tags: ['library'],
          summary: 'Delete a content item (admin)',
          params: IdParams,
          response: { 404: ErrorBodySchema },
        },
      },
    },
    {
      name: 'no summary',
      made: doc(null, { params: IdParams }),
      written: { schema: { tags: ['library'], params: IdParams } },
    },
    {
      name: 'a summary alone',
      made: doc('Everything about the member', {}),
      written: { schema: { tags: ['library'], summary: 'Everything about the member' } },
    },
  ])('makes the written-out route options: $name', ({ made, written }) => {
    expect(made).toStrictEqual(written);
    expect(JSON.stringify(made)).toBe(JSON.stringify(written));
  });
});
