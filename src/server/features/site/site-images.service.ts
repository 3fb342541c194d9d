import type { SiteSettingsUpdate } from '@shared/schemas/site.ts';
import { DESIGN_BACKGROUNDS } from '@shared/schemas/site.ts';
import { SITE_ICONS, type SiteIcon, siteIconKey } from '@shared/site-brand.ts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { objectKeyFromPath, readAll, type Storage } from '../../lib/storage/storage.ts';

/**
 * The site's logo and the teacher's photo. Both arrive through the ordinary upload flow
 * (features/uploads: the bytes decide the type, SVG and anything else sharp cannot safely decode
 * is refused, at most 10 MB, re-encoded to WebP without metadata); the admin then names the
 * registered image in `PUT /api/admin/site`. The photo is shown as registered (its 640 px variant);
 * from the logo the server makes the installed app's icons, the favicon and the apple-touch-icon.
 */

export type SiteImageDeps = { db: Database; storage: Storage };

/**
 * A logo smaller than this would be blown up into blurry 512 px icons. The maskable icon draws
 * the logo 288 px wide, the largest any icon draws it besides the 512 px "any" icon.
 */
export const MIN_LOGO_SIDE = 256;
/** The page background (src/client/styles.css): what the maskable and Apple icons fill around the logo. */
const ICON_BACKGROUND = DESIGN_BACKGROUNDS[0].color;
/**
 * How much of each icon the logo fills. A maskable icon may be cut to a circle of 80 % of its width
 * (https://web.dev/articles/maskable-icon, "safe zone"): a square inside that circle is 56 % wide.
 * iOS rounds the apple-touch-icon's corners, so it gets a margin too.
 */
const LOGO_SHARE: Record<SiteIcon, number> = {
  icon192: 1,
  icon512: 1,
  maskable512: 0.56,
  appleTouchIcon: 0.78,
  favicon: 1,
};
/** Icons the platform shows on a filled square (a maskable icon, iOS's home screen) get a background. */
const FILLED: Record<SiteIcon, boolean> = {
  icon192: false,
  icon512: false,
  maskable512: true,
  appleTouchIcon: true,
  favicon: false,
};

/** The registered image behind an object path, or a 400 naming the field when there is none. */
async function requireRegisteredImage(db: Database, objectPath: string, label: string): Promise<string> {
  const [upload] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(eq(uploads.objectPath, objectPath), eq(uploads.kind, 'image'), eq(uploads.status, 'registered')),
    );
  const key = objectKeyFromPath(objectPath);
  if (!upload || !key) throw badRequest(`${label} must be an image uploaded to this site: upload it again.`);
  return key;
}

/** One icon: the logo scaled into its share of a square, centred, on the background where the platform wants one. */
async function makeIcon(logo: Buffer, icon: SiteIcon): Promise<Buffer> {
  const { size } = SITE_ICONS[icon];
  const side = Math.round(size * LOGO_SHARE[icon]);
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  const scaled = await sharp(logo)
    .resize({ width: side, height: side, fit: 'contain', background: transparent })
    .png()
    .toBuffer();
  return sharp({
    create: {
      width: size,
      height: size,
      channels: 4,
      background: FILLED[icon] ? ICON_BACKGROUND : transparent,
    },
  })
    .composite([{ input: scaled, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * Makes and stores every icon of a logo (`site-icons/<upload id>/…`). Run again for the same
 * logo it writes the same files, so a retried save is harmless.
 */
export async function createSiteIcons(deps: SiteImageDeps, logo: string): Promise<void> {
  const key = await requireRegisteredImage(deps.db, logo, 'The logo');
  const original = await readAll(deps.storage, key);
  const { width = 0, height = 0 } = await sharp(original).metadata();
  if (Math.min(width, height) < MIN_LOGO_SIDE) {
    throw badRequest(
      `The logo is ${width}×${height} pixels; the app icons need at least ${MIN_LOGO_SIDE}×${MIN_LOGO_SIDE}. ` +
        'Upload a larger image (a square PNG of 512×512 or more works best).',
    );
  }
  for (const icon of Object.keys(SITE_ICONS) as SiteIcon[]) {
    const iconKey = siteIconKey(logo, icon);
    if (iconKey) await deps.storage.write(iconKey, await makeIcon(original, icon), 'image/png');
  }
}

/**
 * What a settings change needs before it is stored: icons for a new logo, and a photo that is a
 * registered image. Removing either (null) needs nothing; the clean-up job deletes the files once
 * nothing uses them (uploads.service.ts).
 */
export async function prepareSiteImages(deps: SiteImageDeps, update: SiteSettingsUpdate): Promise<void> {
  if (update.logo) await createSiteIcons(deps, update.logo);
  if (update.teacherPhoto) await requireRegisteredImage(deps.db, update.teacherPhoto, "The teacher's photo");
}
