import {
  DEFAULT_SITE_SETTINGS,
  type SiteSettings,
  SiteSettingsInputSchema,
  type SiteSettingsUpdate,
} from '@shared/schemas/site.ts';
import { PRODUCT_NAME } from '@shared/site-brand.ts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';
import { createResponseCache, type ResponseCache } from '../../lib/response-cache.ts';

/**
 * How long an instance keeps the settings it read. Every reader (the API, the landing page, the
 * manifest, e-mails) asks through this cache, so another instance's change shows within this
 * time without a restart; this instance's own change clears it at once (the PUT route's policy;
 * docs/decisions/087-site-settings-one-row-short-cache.md).
 */
export const SITE_SETTINGS_CACHE_MS = 5_000;
const SETTINGS_KEY = 'site';

const SETTING_NAMES = Object.keys(SiteSettingsInputSchema.shape) as (keyof SiteSettings)[];

/**
 * The defaults with the stored changes over them, field by field: a stored value today's rules
 * refuse (a rule tightened since it was saved) falls back to the default instead of breaking the
 * site, and is logged so the operator can set it again.
 */
export function mergeStoredSettings(stored: Record<string, unknown>, log?: FastifyBaseLogger): SiteSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
  for (const name of SETTING_NAMES) {
    if (!(name in stored)) continue;
    const parsed = SiteSettingsInputSchema.shape[name].safeParse(stored[name]);
    if (parsed.success) settings[name] = parsed.data;
    else log?.warn({ setting: name }, 'a stored site setting is no longer valid: the default is shown');
  }
  return settings as SiteSettings;
}

export async function readSiteSettings(db: Database, log?: FastifyBaseLogger): Promise<SiteSettings> {
  const [row] = await db.select({ settings: siteSettings.settings }).from(siteSettings).limit(1);
  return mergeStoredSettings(row?.settings ?? {}, log);
}

/**
 * Stores the given fields over the current ones. The merge happens in PostgreSQL (`||` on the
 * one row), so two admins saving different fields at once both keep theirs.
 */
export async function updateSiteSettings(
  db: Database,
  update: SiteSettingsUpdate,
  log?: FastifyBaseLogger,
): Promise<SiteSettings> {
  const changes = JSON.stringify(update);
  const [row] = await db
    .insert(siteSettings)
    .values({ id: 1, settings: update })
    .onConflictDoUpdate({
      target: siteSettings.id,
      set: { settings: sql`${siteSettings.settings} || ${changes}::jsonb`, updatedAt: sql`now()` },
    })
    .returning({ settings: siteSettings.settings });
  return mergeStoredSettings(row!.settings, log);
}

/** The site's settings as every part of the app reads them: through one short cache per instance. */
export type SiteSettingsReader = {
  get: () => Promise<SiteSettings>;
  /** Emptied by `PUT /api/admin/site` (declared in its route policy). */
  cache: ResponseCache<SiteSettings>;
};

export function createSiteSettingsReader(
  db: Database,
  options: { log?: FastifyBaseLogger; now?: () => number } = {},
): SiteSettingsReader {
  const { log, now } = options;
  const cache = createResponseCache<SiteSettings>({
    ttlMs: SITE_SETTINGS_CACHE_MS,
    maxEntries: 1,
    ...(now ? { now } : {}),
  });
  return { cache, get: () => cache.load(SETTINGS_KEY, () => readSiteSettings(db, log)) };
}

/**
 * A `preSerialization` hook: a JSON answer whose `message` names the product ("Welcome to
 * Stillpoint Premium.", "Offline downloads are part of Stillpoint Premium.") names the admin's site
 * instead, as e-mails do (lib/mailer.ts, `brandEmail`). Messages stay written once, in code, with
 * the product's name; only the few that hold it pay for a (cached) settings read.
 */
export function brandResponseMessage(site: SiteSettingsReader) {
  // Callback-style (docs/architecture.md): the JSON answers that do not name the product, nearly
  // all of them, pass through without a promise.
  return (
    _request: unknown,
    _reply: unknown,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void => {
    const message =
      payload !== null && typeof payload === 'object'
        ? (payload as { message?: unknown }).message
        : undefined;
    if (typeof message !== 'string' || !message.includes(PRODUCT_NAME)) {
      done(null, payload);
      return;
    }
    site.get().then(
      ({ name }) =>
        done(
          null,
          name === PRODUCT_NAME
            ? payload
            : { ...(payload as object), message: message.replaceAll(PRODUCT_NAME, name) },
        ),
      () => done(null, payload),
    );
  };
}
