/**
 * What a log line may say about an address: never the part that grants access. A signed media
 * link (`/media/…?expires=…&signature=…`), a local upload URL (the same pair), an S3 presigned URL
 * (`X-Amz-Signature`, `X-Amz-Credential`, `X-Amz-Security-Token`), an unsubscribe or reset link
 * (`token=`, `/reset-password/<token>`) each work for whoever reads them until they expire, so the
 * value is replaced by `[redacted]`. `expires` stays: it is not a secret and says when the link died.
 */
// Any parameter whose name ends so: token, resetToken, X-Amz-Security-Token, signature, sig, ...
const SECRET_PARAMETERS = /([?&][\w.-]*(?:token|signature|sig|credential)=)[^&#]*/gi;
const SECRET_PATH_SEGMENTS = /(\/reset-password\/)[^/?#]+/gi;

export function maskUrl(url: string): string {
  return url
    .replace(SECRET_PARAMETERS, (_match, name: string) => `${name}[redacted]`)
    .replace(SECRET_PATH_SEGMENTS, (_match, prefix: string) => `${prefix}[redacted]`);
}
