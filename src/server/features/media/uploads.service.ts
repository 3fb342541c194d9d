import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import {
  IMAGE_TYPES,
  type RegisteredUpload,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  UPLOAD_URL_TTL_SECONDS,
} from '@shared/schemas/uploads.ts';
import { SITE_ICONS, type SiteIcon, siteFaviconIcoKey, siteIconKey } from '@shared/site-brand.ts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Database } from '../../db/client.ts';
import { uploads, users } from '../../db/schema/index.ts';
import {
  AppError,
  badRequest,
  conflict,
  invalidField,
  notFound,
  notYourUpload,
  payloadTooLarge,
  uploadGone,
  uploadIncomplete,
  uploadQuotaExceeded,
  uploadUrlUsed,
} from '../../lib/errors.ts';
import { readAll, readHead, type Storage } from '../../lib/storage/storage.ts';
import { readMediaDuration } from './media-duration.ts';

/**
 * Uploads (issue 7): the server hands out a single-use URL for a key it makes up, the browser
 * PUTs the file there, and registration decides what the file is from its bytes (never from the
 * declared type or name), re-encodes images and moves the file to its final, private or public,
 * object path.
 */

export type UploadDeps = { db: Database; storage: Storage };

/** Bytes file-type needs to recognise every format we accept. */
const SNIFF_BYTES = 4100;
/** Images are re-encoded to at most this many pixels on the longer side. */
const IMAGE_MAX_SIDE = 2048;
const THUMBNAIL_WIDTH = 640;
/** Decompression bombs: refuse images above 50 megapixels before decoding them. */
const IMAGE_MAX_PIXELS = 50_000_000;

const UPLOAD_ID = /\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * Statuses whose bytes count against the uploader's allowance: a URL not yet used or expired
 * (its declared size), a file arrived or being registered (its size), a registered object (the
 * size kept). Refused, failed, expired and deleted uploads hold nothing.
 */
const COUNTED_STATUSES = ['pending', 'receiving', 'uploaded', 'registering', 'registered'];

/** Each account's allowance in bytes (config UPLOAD_QUOTA_MEMBER_MB, UPLOAD_QUOTA_ADMIN_MB). */
export type UploadQuota = { memberBytes: number; adminBytes: number };

const megabytes = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024)} MB`;

/**
 * A single-use upload URL for a file of `declaredSize` bytes. The size is counted against the
 * uploader's allowance at once (so unused URLs cannot park space beyond it), in a transaction
 * that holds the uploader's lock, so parallel requests cannot all pass the same check. On S3 the
 * URL signs the length, and the bucket refuses a body of any other size.
 */
export async function createUpload(
  deps: UploadDeps,
  uploader: Uploader,
  declaredSize: number | undefined,
  quota: UploadQuota,
): Promise<{ uploadURL: string }> {
  const fileLimit = uploader.isAdmin ? UPLOAD_LIMITS.video : UPLOAD_LIMITS.image;
  if (declaredSize === undefined && deps.storage.driver === 's3') {
    throw invalidField('size', 'is required: send the file size in bytes, { "size": 12345 }');
  }
  if (declaredSize !== undefined && declaredSize > fileLimit) {
    throw uploader.isAdmin
      ? uploadTooLarge(fileLimit)
      : payloadTooLarge(UPLOAD_MESSAGES.imageSize, fileLimit);
  }
  // Without a declared size (local storage only), the largest file the uploader may send is held.
  const reserved = declaredSize ?? fileLimit;
  const allowance = uploader.isAdmin ? quota.adminBytes : quota.memberBytes;
  const id = randomUUID();
  const key = `uploads/${id}`;
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${uploader.id}`}, 0))`);
    const [usage] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${uploads.size}), 0)` })
      .from(uploads)
      .where(and(eq(uploads.createdBy, uploader.id), inArray(uploads.status, COUNTED_STATUSES)));
    const used = Number(usage?.bytes ?? 0);
    if (used + reserved > allowance) {
      throw uploadQuotaExceeded(
        `Your uploads would pass your allowance of ${megabytes(allowance)} (${megabytes(used)} in use, ` +
          `counting unfinished uploads for up to ${UNREGISTERED_EXPIRY_MINUTES} minutes). ` +
          (uploader.isAdmin
            ? 'Remove media no longer used, or raise UPLOAD_QUOTA_ADMIN_MB.'
            : 'Try a smaller picture, or again later.'),
        allowance,
      );
    }
    await tx.insert(uploads).values({
      id,
      key,
      createdBy: uploader.id,
      size: reserved,
      expiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000),
    });
  });
  return { uploadURL: await deps.storage.createUploadUrl(key, UPLOAD_URL_TTL_SECONDS, declaredSize) };
}

const uploadTooLarge = (limit: number = UPLOAD_LIMITS.video) =>
  payloadTooLarge(
    `The file is larger than the largest upload allowed (${Math.round(limit / 1024 / 1024)} MB).`,
    limit,
  );
const largerThanDeclared = () =>
  payloadTooLarge('The file is larger than the size declared when the upload link was made.');
const isUploadTooLarge = (error: unknown) => error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE';

/** Passes bytes through, failing the stream (with `tooLarge()`) once more than `limit` have gone by. */
export function byteLimit(
  limit: number,
  tooLarge: () => AppError = () => uploadTooLarge(limit),
): Transform & { bytes: () => number } {
  let seen = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(tooLarge());
      else callback(null, chunk);
    },
  });
  return Object.assign(transform, { bytes: () => seen });
}

/** Who registers an upload: members only their own (profile pictures), admins any. */
export type Uploader = { id: string; isAdmin: boolean };

/**
 * The largest body an upload URL takes: admins upload video (500 MB); members only pictures, so
 * their uploads stop at the image limit.
 */
async function uploadLimitFor(deps: UploadDeps, createdBy: string | null): Promise<number> {
  if (!createdBy) return UPLOAD_LIMITS.image;
  const [uploader] = await deps.db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, createdBy));
  return uploader?.isAdmin ? UPLOAD_LIMITS.video : UPLOAD_LIMITS.image;
}

/**
 * The local driver's PUT: claims the upload (single use, unexpired), streams the body to a
 * temporary file through the uploader's limit (500 MB for admins, 10 MB for members, and never
 * more than the size declared for the URL), and renames it into place only when complete.
 */
export async function receiveLocalUpload(
  deps: UploadDeps,
  id: string,
  body: NodeJS.ReadableStream,
  declaredLength: number | undefined,
): Promise<void> {
  const [claimed] = await deps.db
    .update(uploads)
    .set({ status: 'receiving', updatedAt: new Date() })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'pending'), gt(uploads.expiresAt, new Date())))
    .returning({ key: uploads.key, createdBy: uploads.createdBy, reserved: uploads.size });
  if (!claimed) {
    throw uploadUrlUsed();
  }
  const fileLimit = await uploadLimitFor(deps, claimed.createdBy);
  // The bytes held for this URL when it was made (its declared size, or the file limit).
  const limit = Math.min(fileLimit, claimed.reserved ?? fileLimit);
  const tooLarge = () => (limit < fileLimit ? largerThanDeclared() : uploadTooLarge(fileLimit));
  const fail = () =>
    deps.db.update(uploads).set({ status: 'failed', updatedAt: new Date() }).where(eq(uploads.id, id));
  if (declaredLength !== undefined && declaredLength > limit) {
    await fail();
    throw tooLarge();
  }
  const limiter = byteLimit(limit, tooLarge);
  try {
    await deps.storage.write(claimed.key, body.pipe(limiter), 'application/octet-stream');
  } catch (error) {
    await fail();
    throw isUploadTooLarge(error) ? error : uploadIncomplete();
  }
  const [arrived] = await deps.db
    .update(uploads)
    .set({ status: 'uploaded', size: limiter.bytes(), uploadedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'receiving')))
    .returning({ id: uploads.id });
  if (!arrived) {
    // The clean-up job expired the upload while it was still arriving: its file goes too.
    await deps.storage.delete(claimed.key).catch(() => {});
    throw uploadGone();
  }
}

type Claimed = { id: string; key: string; previousStatus: string; counted: number | null };

/** Takes the upload named by its URL for registration, once. */
async function claimForRegistration(
  deps: UploadDeps,
  uploadUrl: string,
  field: string,
  uploader?: Uploader,
): Promise<Claimed> {
  let pathname: string;
  try {
    pathname = new URL(uploadUrl, 'http://upload.invalid').pathname;
  } catch {
    throw badRequest(`${field} is not an upload URL from this server`);
  }
  const id = UPLOAD_ID.exec(pathname)?.[1];
  if (!id) throw badRequest(`${field} is not an upload URL from this server`);
  const [row] = await deps.db.select().from(uploads).where(eq(uploads.id, id));
  if (!row) throw notFound('Upload');
  if (uploader && !uploader.isAdmin && row.createdBy !== uploader.id) {
    throw notYourUpload();
  }
  // `pending` is where an S3 upload stays: the bucket does not tell us it arrived.
  const [claimed] = await deps.db
    .update(uploads)
    .set({ status: 'registering', updatedAt: new Date() })
    .where(and(eq(uploads.id, id), inArray(uploads.status, ['pending', 'uploaded'])))
    .returning({ id: uploads.id, key: uploads.key });
  if (!claimed) {
    if (row.status === 'registered' || row.status === 'registering') {
      throw conflict('This upload has already been registered.');
    }
    throw uploadGone();
  }
  return { ...claimed, previousStatus: row.status, counted: row.size };
}

/** An unexpected failure (storage down) hands the upload back, so registering can be retried. */
async function releaseOnFailure<T>(deps: UploadDeps, claimed: Claimed, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await deps.db
      .update(uploads)
      .set({ status: claimed.previousStatus, updatedAt: new Date() })
      .where(and(eq(uploads.id, claimed.id), eq(uploads.status, 'registering')));
    throw error;
  }
}

/** Deletes a refused file and answers 400 with docs/product.md's message. */
async function refuse(deps: UploadDeps, claimed: Claimed, message: string): Promise<never> {
  await deps.storage.delete(claimed.key).catch(() => {});
  await deps.db
    .update(uploads)
    .set({ status: 'refused', updatedAt: new Date() })
    .where(eq(uploads.id, claimed.id));
  throw badRequest(message);
}

async function sniff(deps: UploadDeps, claimed: Claimed, missingMessage: string) {
  const object = await deps.storage.stat(claimed.key);
  if (!object) {
    // Nothing arrived (yet): the URL may still be used until it expires.
    await deps.db
      .update(uploads)
      .set({ status: claimed.previousStatus, updatedAt: new Date() })
      .where(eq(uploads.id, claimed.id));
    throw badRequest(missingMessage);
  }
  // The bytes counted for the upload are what it may hold. S3 refuses a body of another length
  // than the URL signed; this is the same rule for a bucket that does not check signatures.
  if (claimed.counted !== null && object.size > claimed.counted) {
    await deps.storage.delete(claimed.key).catch(() => {});
    await deps.db
      .update(uploads)
      .set({ status: 'refused', updatedAt: new Date() })
      .where(eq(uploads.id, claimed.id));
    throw largerThanDeclared();
  }
  const head = await readHead(deps.storage, claimed.key, SNIFF_BYTES, object.size);
  return { size: object.size, head, type: await fileTypeFromBuffer(head) };
}

async function markRegistered(
  deps: UploadDeps,
  claimed: Claimed,
  registered: RegisteredUpload,
): Promise<RegisteredUpload> {
  await deps.db
    .update(uploads)
    .set({
      status: 'registered',
      kind: registered.kind,
      contentType: registered.contentType,
      size: registered.size,
      objectPath: registered.objectPath,
      durationSeconds: registered.duration ?? null,
      registeredAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(uploads.id, claimed.id));
  return registered;
}

/**
 * Whether the first bytes hold an `<svg` element (after any XML declaration, comment or doctype;
 * file-type calls such a file XML or nothing). Only chooses the message of a refusal: a file that
 * is not one of IMAGE_TYPES is refused either way.
 */
function looksLikeSvg(head: Buffer): boolean {
  return /<svg[\s>/]/i.test(head.toString('utf8'));
}

/**
 * PUT /api/uploaded-images: JPEG, PNG, GIF or WebP up to 10 MB, by their bytes. Re-encoded to
 * WebP (metadata such as GPS dropped, at most 2048 px) plus a 640 px variant; public.
 */
export async function registerImage(
  deps: UploadDeps,
  imageUrl: string,
  uploader: Uploader,
): Promise<RegisteredUpload> {
  const claimed = await claimForRegistration(deps, imageUrl, 'imageURL', uploader);
  return releaseOnFailure(deps, claimed, () => processImage(deps, claimed));
}

async function processImage(deps: UploadDeps, claimed: Claimed): Promise<RegisteredUpload> {
  const { size, head, type } = await sniff(deps, claimed, UPLOAD_MESSAGES.imageFailed);
  // An SVG is a document that can carry scripts and links; it is refused, saying which images work.
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) {
    return refuse(deps, claimed, looksLikeSvg(head) ? UPLOAD_MESSAGES.imageSvg : UPLOAD_MESSAGES.imageType);
  }
  if (size > UPLOAD_LIMITS.image) return refuse(deps, claimed, UPLOAD_MESSAGES.imageSize);

  let main: Buffer;
  let thumbnail: Buffer;
  try {
    const original = await readAll(deps.storage, claimed.key);
    const image = () =>
      sharp(original, {
        animated: type.mime === 'image/gif' || type.mime === 'image/webp',
        limitInputPixels: IMAGE_MAX_PIXELS,
      })
        // Apply the EXIF orientation, then drop all metadata (sharp keeps none unless asked).
        .rotate();
    main = await image()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    thumbnail = await image()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch {
    // The bytes start like an image but do not decode as one.
    return refuse(deps, claimed, UPLOAD_MESSAGES.imageType);
  }
  const id = claimed.id;
  await deps.storage.write(`images/${id}.webp`, main, 'image/webp');
  await deps.storage.write(`images/${id}-640.webp`, thumbnail, 'image/webp');
  await deps.storage.delete(claimed.key);
  return markRegistered(deps, claimed, {
    objectPath: `/objects/images/${id}.webp`,
    kind: 'image',
    contentType: 'image/webp',
    size: main.length,
  });
}

/**
 * PUT /api/uploaded-videos: video/* up to 500 MB or audio/* up to 100 MB, by their bytes. Moved to
 * a private object reached only through signed media links. The answer carries the file's length
 * in whole seconds (null, with a note, when the file does not say: the upload still succeeds).
 */
export async function registerMedia(deps: UploadDeps, videoUrl: string): Promise<RegisteredUpload> {
  const claimed = await claimForRegistration(deps, videoUrl, 'videoURL');
  return releaseOnFailure(deps, claimed, () => processMedia(deps, claimed));
}

async function processMedia(deps: UploadDeps, claimed: Claimed): Promise<RegisteredUpload> {
  const { size, type } = await sniff(deps, claimed, UPLOAD_MESSAGES.fileFailed);
  const kind = type?.mime.startsWith('video/') ? 'video' : type?.mime.startsWith('audio/') ? 'audio' : null;
  if (!type || !kind) return refuse(deps, claimed, UPLOAD_MESSAGES.mediaType);
  if (kind === 'video' && size > UPLOAD_LIMITS.video) return refuse(deps, claimed, UPLOAD_MESSAGES.videoSize);
  if (kind === 'audio' && size > UPLOAD_LIMITS.audio) return refuse(deps, claimed, UPLOAD_MESSAGES.audioSize);
  const key = `media/${claimed.id}.${type.ext}`;
  await deps.storage.move(claimed.key, key, type.mime);
  const length = await readMediaDuration(deps.storage, key, { size, mimeType: type.mime });
  return markRegistered(deps, claimed, {
    objectPath: `/objects/${key}`,
    kind,
    contentType: type.mime,
    size,
    ...length,
  });
}

/**
 * Object paths still in use: content thumbnails and files, announcement images, profile images,
 * the site's logo and the teacher's photo.
 */
const referenced = (objectPath: ReturnType<typeof sql>) => sql`(
  exists (select 1 from content_items c where c.thumbnail_url = ${objectPath} or c.video_file_url = ${objectPath} or c.video_url = ${objectPath})
  or exists (select 1 from announcements a where a.image_url = ${objectPath})
  or exists (select 1 from users u where u.image = ${objectPath})
  or exists (select 1 from site_settings s where s.settings->>'logo' = ${objectPath} or s.settings->>'teacherPhoto' = ${objectPath})
)`;

/**
 * An upload not registered this long after its URL was made is deleted: the URL's 15 minutes,
 * plus time for a large file that started in time to finish arriving and be registered.
 */
export const UNREGISTERED_EXPIRY_MINUTES = UPLOAD_URL_TTL_SECONDS / 60 + 60;
export const UNREFERENCED_GRACE_DAYS = 7;
const CLEANUP_BATCH = 200;

/**
 * The clean-up job: deletes uploads not registered within `UNREGISTERED_EXPIRY_MINUTES` (75), and
 * registered objects that no content item, announcement or profile uses, 7 days after
 * registration. Each pass takes a bounded batch.
 */
export async function cleanupUploads(
  deps: UploadDeps,
): Promise<{ unregistered: number; unreferenced: number }> {
  let unregistered = 0;
  let unreferenced = 0;
  for (;;) {
    const stale = await deps.db.execute<{ id: string; key: string }>(sql`
      update uploads set status = 'expired', updated_at = now()
       where id in (
         select id from uploads
          where status in ('pending', 'receiving', 'uploaded', 'failed', 'registering')
            and created_at < now() - make_interval(mins => ${UNREGISTERED_EXPIRY_MINUTES})
          limit ${CLEANUP_BATCH} for update skip locked)
      returning id, key`);
    for (const row of stale.rows) await deps.storage.delete(row.key).catch(() => {});
    unregistered += stale.rows.length;
    if (stale.rows.length < CLEANUP_BATCH) break;
  }
  for (;;) {
    const unused = await deps.db.execute<{ id: string; object_path: string }>(sql`
      update uploads set status = 'deleted', updated_at = now()
       where id in (
         select id from uploads
          where status = 'registered'
            and registered_at < now() - make_interval(days => ${UNREFERENCED_GRACE_DAYS})
            and not ${referenced(sql`uploads.object_path`)}
          limit ${CLEANUP_BATCH} for update skip locked)
      returning id, object_path`);
    for (const row of unused.rows) {
      const key = row.object_path.replace(/^\/objects\//, '');
      await deps.storage.delete(key).catch(() => {});
      if (key.startsWith('images/')) {
        await deps.storage.delete(key.replace(/\.webp$/, '-640.webp')).catch(() => {});
        // A logo the site no longer uses leaves its icons behind (features/site, site-images.service.ts).
        const favicon = siteIconKey(row.object_path, 'favicon');
        if (favicon && (await deps.storage.stat(favicon).catch(() => null))) {
          for (const icon of Object.keys(SITE_ICONS) as SiteIcon[]) {
            await deps.storage.delete(siteIconKey(row.object_path, icon) ?? favicon).catch(() => {});
          }
          await deps.storage.delete(siteFaviconIcoKey(row.object_path) ?? favicon).catch(() => {});
        }
      }
    }
    unreferenced += unused.rows.length;
    if (unused.rows.length < CLEANUP_BATCH) break;
  }
  return { unregistered, unreferenced };
}

/**
 * The length read from a registered audio or video upload (`/objects/media/<id>.<ext>`), or null
 * when the path is not one of ours or its length could not be read. Content saved with such a file
 * and no typed duration takes this one (features/library).
 */
export async function getUploadedMediaDuration(db: Database, objectPath: string): Promise<number | null> {
  const [upload] = await db
    .select({ durationSeconds: uploads.durationSeconds })
    .from(uploads)
    .where(and(eq(uploads.objectPath, objectPath), eq(uploads.status, 'registered')));
  return upload?.durationSeconds ?? null;
}

/**
 * A profile picture must be an image this member registered through the upload flow: the shared
 * schema already refuses anything that is not an image object path, this makes sure the path is
 * one of theirs (not someone else's picture, not a path that was never uploaded). Used by the
 * profile form (account) and better-auth's update-user route (auth).
 */
export async function isOwnProfileImage(db: Database, userId: string, objectPath: string | null | undefined) {
  if (!objectPath) return true;
  const [upload] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        eq(uploads.objectPath, objectPath),
        eq(uploads.kind, 'image'),
        eq(uploads.status, 'registered'),
        eq(uploads.createdBy, userId),
      ),
    );
  return upload !== undefined;
}
