import { z } from 'zod';
import { ACCESS_FILTERS, CONTENT_TYPES, MAX_PAGE_SIZE } from './content.ts';
import { pageLimit } from './paging.ts';

/**
 * The admin content table (issue 36, "Authoring"): `GET /api/admin/content` sorts and filters every
 * item, drafts included; `POST /api/admin/content/bulk` changes many at once.
 */

export const ADMIN_CONTENT_SORTS = ['updated', 'title', 'type', 'published'] as const;
export type AdminContentSort = (typeof ADMIN_CONTENT_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** draft: not live and no time set; scheduled: not live, goes live at `publishAt`; published: live. */
export const CONTENT_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The table's page size, and the most one bulk action takes (one page, all selected). */
export const ADMIN_CONTENT_PAGE_SIZE = 50;
export const MAX_BULK_IDS = 100;

const filter = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.enum(values), z.literal('all'), z.literal('')], {
      error: `${label} must be one of ${values.join(', ')} or all`,
    })
    .optional()
    .transform((value) => (value === 'all' || value === '' ? undefined : (value as T[number] | undefined)));

export const AdminContentListQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(200, 'Search can be at most 200 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
  type: filter(CONTENT_TYPES, 'type'),
  status: filter(CONTENT_STATUSES, 'status'),
  access: filter(ACCESS_FILTERS, 'access'),
  sort: z
    .enum(ADMIN_CONTENT_SORTS, `sort must be one of ${ADMIN_CONTENT_SORTS.join(', ')}`)
    .default('updated'),
  direction: z.enum(SORT_DIRECTIONS, 'direction must be asc or desc').default('desc'),
  limit: pageLimit(MAX_PAGE_SIZE, ADMIN_CONTENT_PAGE_SIZE),
  cursor: z.string().max(600).optional(),
});
export type AdminContentListQuery = z.input<typeof AdminContentListQuerySchema>;

export const BULK_CONTENT_ACTIONS = ['publish', 'unpublish', 'premium', 'free', 'delete'] as const;
export type BulkContentAction = (typeof BULK_CONTENT_ACTIONS)[number];

export const BulkContentInputSchema = z.object({
  ids: z
    .array(z.uuid('Each id must be a content id'), 'ids must be a list of content ids')
    .min(1, 'Choose at least one item')
    .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} items at a time`)
    .transform((ids) => [...new Set(ids)]),
  action: z.enum(BULK_CONTENT_ACTIONS, `action must be one of ${BULK_CONTENT_ACTIONS.join(', ')}`),
});
export type BulkContentInput = z.input<typeof BulkContentInputSchema>;

export const BulkContentResultSchema = z.object({
  action: z.enum(BULK_CONTENT_ACTIONS),
  /** The items changed (or deleted): every id sent, or none (the action is all or nothing). */
  ids: z.array(z.string()),
});
export type BulkContentResult = z.infer<typeof BulkContentResultSchema>;
