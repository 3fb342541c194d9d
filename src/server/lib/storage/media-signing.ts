import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links to `/media/<key>` for private audio and video (ARCHITECTURE.md). The
 * signature is an HMAC over the key and the expiry with a key derived from the auth secret.
 */
export const MEDIA_LINK_TTL_SECONDS = 6 * 60 * 60;

export type MediaSigner = {
  sign(key: string, ttlSeconds?: number, now?: number): string;
  verify(key: string, expires: string | undefined, signature: string | undefined, now?: number): boolean;
};

export function createMediaSigner(secret: string): MediaSigner {
  const signingKey = createHmac('sha256', secret).update('stillpoint:media-links:v1').digest();
  const mac = (key: string, expires: number) =>
    createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest('base64url');
  return {
    sign(key, ttlSeconds = MEDIA_LINK_TTL_SECONDS, now = Date.now()) {
      const expires = Math.floor(now / 1000) + ttlSeconds;
      const encodedKey = key.split('/').map(encodeURIComponent).join('/');
      return `/media/${encodedKey}?expires=${expires}&signature=${mac(key, expires)}`;
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
