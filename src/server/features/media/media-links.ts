import type { SignedUrlResponse } from '@shared/schemas/content.ts';
import type { DownloadGrant } from '@shared/schemas/downloads.ts';
import { MEDIA_LINK_TTL_SECONDS, type MediaSigner } from '../../lib/storage/media-signing.ts';
import { objectKeyFromPath, type Storage, type StoredObject } from '../../lib/storage/storage.ts';

/**
 * Links to an item's media for a caller that has already decided the viewer may have them: the
 * library (premium access) and downloads (premium members) decide who; this file only signs. The
 * links end at this feature's `GET /media/*` route (media.routes.ts), the bucket or the CDN.
 */

/** What signing needs: the store, the key that signs `/media/` links, the operator's CDN if any. */
export type MediaLinkDeps = { storage: Storage; signer: MediaSigner; cdnBaseUrl?: string | undefined };

/** An item's media as the library keeps it: a streaming address, an uploaded file's path, or neither. */
export type MediaSource = { videoUrl: string | null; videoFileUrl: string | null };

/**
 * Where the player fetches an uploaded file, valid `MEDIA_LINK_TTL_SECONDS`, so the bytes need not
 * pass through Node (docs/decisions/041): the operator's CDN (origin: this app's `/media/` route,
 * same signature); else the bucket's presigned GET; else this app's signed `/media/` link.
 * `expiresAt` comes from the TTL signed with: our links expire at the whole second
 * `floor(now) + TTL`; a presigned GET is dated at or after `now` (whole seconds too), so it never
 * expires before the time given here.
 */
async function playableObjectUrl(
  deps: MediaLinkDeps,
  key: string,
  now = Date.now(),
): Promise<SignedUrlResponse> {
  const expiresAt = new Date((Math.floor(now / 1000) + MEDIA_LINK_TTL_SECONDS) * 1000).toISOString();
  if (deps.cdnBaseUrl) {
    return {
      signedUrl: `${deps.cdnBaseUrl}${deps.signer.sign(key, MEDIA_LINK_TTL_SECONDS, now)}`,
      expiresAt,
    };
  }
  if (deps.storage.createDownloadUrl) {
    return { signedUrl: await deps.storage.createDownloadUrl(key, MEDIA_LINK_TTL_SECONDS), expiresAt };
  }
  return { signedUrl: deps.signer.sign(key, MEDIA_LINK_TTL_SECONDS, now), expiresAt };
}

/** The key and stored file an object path (`/objects/<key>`) names, or null when there is none. */
async function findStoredFile(
  storage: Storage,
  objectPath: string | null,
): Promise<{ key: string; object: StoredObject } | null> {
  const key = objectPath ? objectKeyFromPath(objectPath) : null;
  const object = key ? await storage.stat(key) : null;
  return key && object ? { key, object } : null;
}

/**
 * The playable link of an item's media: the streaming URL when set (it wins; it does not expire,
 * `expiresAt: null`), else a signed, expiring link to the uploaded file; null when there is
 * neither (or the file is gone from the store).
 */
export async function getPlayableLink(
  deps: MediaLinkDeps,
  source: MediaSource,
  now = Date.now(),
): Promise<SignedUrlResponse | null> {
  if (source.videoUrl) return { signedUrl: source.videoUrl, expiresAt: null };
  const file = await findStoredFile(deps.storage, source.videoFileUrl);
  return file ? playableObjectUrl(deps, file.key, now) : null;
}

/**
 * A link for one offline download of an uploaded file: this app's signed `/media/` link, valid
 * `ttlSeconds`, with the file's size and type; null when there is no uploaded file in the store.
 */
export async function getDownloadLink(
  deps: Pick<MediaLinkDeps, 'storage' | 'signer'>,
  videoFileUrl: string | null,
  ttlSeconds: number,
  now = Date.now(),
): Promise<DownloadGrant | null> {
  const file = await findStoredFile(deps.storage, videoFileUrl);
  if (!file) return null;
  return {
    url: deps.signer.sign(file.key, ttlSeconds, now),
    expiresAt: new Date(now + ttlSeconds * 1000).toISOString(),
    sizeBytes: file.object.size,
    contentType: file.object.contentType,
  };
}
