import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, smallint } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * The site's settings (features/site): one row, id 1, holding only what the admin has changed
 * (`settings`, parsed by @shared/schemas/site.ts field by field); every other field shows the
 * product's default, so a fresh site, or a default improved later, needs no migration of data.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (table) => [check('site_settings_single_row', sql`${table.id} = 1`)],
);
