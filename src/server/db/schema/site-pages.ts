import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, smallint } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * The site's pages and help (features/site, pages.service.ts): one row, id 1, holding only
 * the fields the admin has written (`pages`, parsed by @shared/schemas/site-pages.ts field by
 * field); every other field shows its starting template. A table of its own beside
 * `site_settings`: these texts are long and only their own routes read them, while the settings
 * are read on every page load.
 */
export const sitePages = pgTable(
  'site_pages',
  {
    id: smallint('id').primaryKey().default(1),
    pages: jsonb('pages').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (table) => [check('site_pages_single_row', sql`${table.id} = 1`)],
);
