/** What a push shows, from its payload (features/notifications on the server sends `{ title, body, link }`). */
export type PushMessage = { title: string; body: string; link: string };

const FALLBACK_BODY = 'Something new is waiting for you.';

/**
 * Reads a push's JSON defensively: a missing or odd field falls back, and the link must be a path
 * on this site (a push can never open another origin). The server always sends the site's name as
 * the title; `siteName` (the web app manifest's, which the server writes) stands in when it is missing.
 */
export function readPushMessage(text: string | null | undefined, siteName = ''): PushMessage {
  const FALLBACK: PushMessage = { title: siteName, body: FALLBACK_BODY, link: '/' };
  let data: Partial<Record<keyof PushMessage, unknown>> = {};
  try {
    data = text ? (JSON.parse(text) as typeof data) : {};
  } catch {
    return FALLBACK;
  }
  const pick = (value: unknown, fallback: string) =>
    typeof value === 'string' && value.trim() ? value : fallback;
  const link = pick(data.link, '/');
  return {
    title: pick(data.title, FALLBACK.title),
    body: pick(data.body, FALLBACK.body),
    link: link.startsWith('/') && !link.startsWith('//') ? link : '/',
  };
}

/** What the notification borrows from the site's web app manifest: its name and its first icon. */
export type PushBrand = { name: string; icon: string };

/** The name and icon in a manifest's JSON; an unreadable one leaves the title empty and the built favicon. */
export function readManifestBrand(manifest: unknown): PushBrand {
  const data = (manifest && typeof manifest === 'object' ? manifest : {}) as {
    name?: unknown;
    icons?: { src?: unknown }[];
  };
  const src = Array.isArray(data.icons) ? data.icons[0]?.src : undefined;
  // The build's icons are relative to the manifest (at the root); the logo's are paths. Never another origin.
  const icon =
    typeof src !== 'string' || src.startsWith('//') || src.includes(':')
      ? '/favicon.svg'
      : src.startsWith('/')
        ? src
        : `/${src}`;
  return { name: typeof data.name === 'string' ? data.name : '', icon };
}
