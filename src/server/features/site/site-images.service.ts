import type { SiteSettingsUpdate } from '@shared/schemas/site.ts';
import { DESIGN_BACKGROUNDS } from '@shared/schemas/site.ts';
import {
  SITE_FAVICON_ICO,
  SITE_ICONS,
  type SiteIcon,
  siteFaviconIcoKey,
  siteIconKey,
} from '@shared/site-brand.ts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { objectKeyFromPath, readAll, type Storage } from '../../lib/storage/storage.ts';

/**
 * The site's logo and the teacher's photo. Both arrive through the ordinary upload flow
 * (features/media, uploads: the bytes decide the type, SVG and anything else sharp cannot safely decode
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
function makeIcon(logo: Buffer, icon: SiteIcon): Promise<Buffer> {
  return drawIcon(logo, SITE_ICONS[icon].size, LOGO_SHARE[icon], FILLED[icon]);
}

async function drawIcon(logo: Buffer, size: number, share: number, filled: boolean): Promise<Buffer> {
  const side = Math.round(size * share);
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
      background: filled ? ICON_BACKGROUND : transparent,
    },
  })
    .composite([{ input: scaled, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * PNG images in one ICO file (the format every browser and Windows read since Vista): a 6-byte
 * header, a 16-byte entry per image (its size, 32 bits per pixel, where its bytes are), then each
 * PNG as it is. A width or height of 256 is written as 0 by the format; ours are at most 48.
 */
export function icoFromPngs(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  const entries = Buffer.alloc(16 * images.length);
  let offset = header.length + entries.length;
  images.forEach(({ size, png }, index) => {
    const at = 16 * index;
    entries.writeUInt8(size >= 256 ? 0 : size, at); // width
    entries.writeUInt8(size >= 256 ? 0 : size, at + 1); // height
    entries.writeUInt8(0, at + 2); // no palette
    entries.writeUInt8(0, at + 3); // reserved
    entries.writeUInt16LE(1, at + 4); // colour planes
    entries.writeUInt16LE(32, at + 6); // bits per pixel
    entries.writeUInt32LE(png.length, at + 8);
    entries.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, entries, ...images.map(({ png }) => png)]);
}

/** The logo's favicon.ico: the logo filling 16, 32 and 48 px squares, transparent around it. */
async function makeFaviconIco(logo: Buffer): Promise<Buffer> {
  const images = [];
  for (const size of SITE_FAVICON_ICO.sizes) images.push({ size, png: await drawIcon(logo, size, 1, false) });
  return icoFromPngs(images);
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
  const icoKey = siteFaviconIcoKey(logo);
  if (icoKey) await deps.storage.write(icoKey, await makeFaviconIco(original), 'image/x-icon');
}

/**
 * What a settings change needs before it is stored: icons for a new logo, and a photo that is a
 * registered image. Removing either (null) needs nothing; the clean-up job deletes the files once
 * nothing uses them (media/uploads.service.ts).
 */
export async function prepareSiteImages(deps: SiteImageDeps, update: SiteSettingsUpdate): Promise<void> {
  if (update.logo) await createSiteIcons(deps, update.logo);
  if (update.teacherPhoto) await requireRegisteredImage(deps.db, update.teacherPhoto, "The teacher's photo");
}
