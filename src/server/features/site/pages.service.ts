import { renderPageMarkdown } from '@shared/page-markdown.ts';
import {
  SITE_PAGE_NAMES,
  SITE_PAGE_TITLES,
  type SiteHelp,
  type SitePage,
  type SitePageName,
  type SitePages,
  SitePagesInputSchema,
  type SitePagesUpdate,
} from '@shared/schemas/site-pages.ts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sitePages } from '../../db/schema/index.ts';
import { createResponseCache, type ResponseCache } from '../../lib/response-cache.ts';
import { DEFAULT_SITE_PAGES } from './page-templates.ts';
import { SITE_SETTINGS_CACHE_MS } from './site.service.ts';

const PAGES_KEY = 'pages';
const FIELD_NAMES = Object.keys(SitePagesInputSchema.shape) as (keyof SitePages)[];

/**
 * The templates with the stored texts over them, field by field, as the site's settings are merged
 * (site.service.ts): a stored value today's rules refuse falls back to its template, logged.
 */
export function mergeStoredPages(stored: Record<string, unknown>, log?: FastifyBaseLogger): SitePages {
  const pages: Record<string, unknown> = { ...DEFAULT_SITE_PAGES };
  for (const name of FIELD_NAMES) {
    if (!(name in stored)) continue;
    const parsed = SitePagesInputSchema.shape[name].safeParse(stored[name]);
    if (parsed.success) pages[name] = parsed.data;
    else log?.warn({ field: name }, 'a stored site page is no longer valid: its template is shown');
  }
  return pages as SitePages;
}

export async function readSitePages(db: Database, log?: FastifyBaseLogger): Promise<SitePages> {
  const [row] = await db.select({ pages: sitePages.pages }).from(sitePages).limit(1);
  return mergeStoredPages(row?.pages ?? {}, log);
}

/** Stores the given fields over the current ones, merged in PostgreSQL as the settings are. */
export async function updateSitePages(
  db: Database,
  update: SitePagesUpdate,
  log?: FastifyBaseLogger,
): Promise<SitePages> {
  const changes = JSON.stringify(update);
  const [row] = await db
    .insert(sitePages)
    .values({ id: 1, pages: update })
    .onConflictDoUpdate({
      target: sitePages.id,
      set: { pages: sql`${sitePages.pages} || ${changes}::jsonb`, updatedAt: sql`now()` },
    })
    .returning({ pages: sitePages.pages });
  return mergeStoredPages(row!.pages, log);
}

/** The texts as written, and as visitors read them: the Markdown rendered once per cache fill. */
export type RenderedSitePages = {
  pages: Record<SitePageName, SitePage>;
  help: SiteHelp;
};

export function renderSitePages(pages: SitePages): RenderedSitePages {
  const rendered = Object.fromEntries(
    SITE_PAGE_NAMES.map((page) => [
      page,
      { page, title: SITE_PAGE_TITLES[page], html: renderPageMarkdown(pages[page]) },
    ]),
  ) as Record<SitePageName, SitePage>;
  return {
    pages: rendered,
    help: {
      faqHtml: renderPageMarkdown(pages.faq),
      contactEmail: pages.contactEmail,
      helplines: pages.helplines,
    },
  };
}

/** The rendered pages through one short cache per instance, as the site's settings are read. */
export type SitePagesReader = {
  get: () => Promise<RenderedSitePages>;
  /** Emptied by `PUT /api/admin/site/pages` (declared in its route policy). */
  cache: ResponseCache<RenderedSitePages>;
};

export function createSitePagesReader(
  db: Database,
  options: { log?: FastifyBaseLogger; now?: () => number } = {},
): SitePagesReader {
  const { log, now } = options;
  const cache = createResponseCache<RenderedSitePages>({
    ttlMs: SITE_SETTINGS_CACHE_MS,
    maxEntries: 1,
    ...(now ? { now } : {}),
  });
  return {
    cache,
    get: () => cache.load(PAGES_KEY, async () => renderSitePages(await readSitePages(db, log))),
  };
}
