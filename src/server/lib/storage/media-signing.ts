import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links over an object key (docs/architecture.md, "Contracts"): an HMAC over the key and the
 * expiry, with a key derived from the auth secret and the link's purpose, so a link for one
 * purpose (playing media) never works for another (uploading).
 */
/**
 * Ten minutes: long enough to start playing and to seek, short enough that a member whose access
 * ended cannot keep using an old link. The player asks for a fresh link when its link has expired
 * (docs/decisions/017-write-limits-and-access-end.md).
 */
export const MEDIA_LINK_TTL_SECONDS = 10 * 60;

export type KeySigner = {
  /** `expires=<unix seconds>&signature=<mac>` for `key`. */
  query(key: string, ttlSeconds: number, now?: number): string;
  verify(key: string, expires: string | undefined, signature: string | undefined, now?: number): boolean;
};

export function createKeySigner(secret: string, purpose: string): KeySigner {
  const signingKey = createHmac('sha256', secret).update(`stillpoint:${purpose}:v1`).digest();
  const mac = (key: string, expires: number) =>
    createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest('base64url');
  return {
    query(key, ttlSeconds, now = Date.now()) {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      return `expires=${expires}&signature=${mac(key, expires)}`;
    },
    verify(key, expires, signature, now = Date.now()) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      const expiresAt = Number(expires);
      if (expiresAt * 1000 < now) return false;
      const expected = Buffer.from(mac(key, expiresAt));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

export type MediaSigner = {
  sign(key: string, ttlSeconds?: number, now?: number): string;
  verify(key: string, expires: string | undefined, signature: string | undefined, now?: number): boolean;
};

/** Links to `/media/<key>` for private audio and video, valid for `MEDIA_LINK_TTL_SECONDS`. */
export function createMediaSigner(secret: string): MediaSigner {
  const signer = createKeySigner(secret, 'media-links');
  return {
    sign: (key, ttlSeconds = MEDIA_LINK_TTL_SECONDS, now = Date.now()) =>
      `/media/${encodeKey(key)}?${signer.query(key, ttlSeconds, now)}`,
    verify: signer.verify,
  };
}
