import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The digest's unsubscribe links work without signing in, so the link itself is the proof: an
 * HMAC over the member id and the purpose, keyed by the server's auth secret. It cannot be made
 * without the secret, nor moved to another member or another purpose; it does not expire, so a
 * months-old e-mail still unsubscribes.
 */
export type UnsubscribeSigner = {
  token: (memberId: string) => string;
  verify: (memberId: string, token: string | undefined) => boolean;
};

export const DIGEST_PURPOSE = 'digest-unsubscribe';

export function createUnsubscribeSigner(secret: string, purpose = DIGEST_PURPOSE): UnsubscribeSigner {
  const key = createHmac('sha256', secret).update(`stillpoint:${purpose}:v1`).digest();
  const token = (memberId: string) =>
    createHmac('sha256', key).update(`${purpose}\n${memberId}`).digest('base64url');
  return {
    token,
    verify(memberId, given) {
      if (!given) return false;
      const expected = Buffer.from(token(memberId));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
