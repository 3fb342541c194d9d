/** What a push shows, from its payload (features/notifications on the server sends `{ title, body, link }`). */
export type PushMessage = { title: string; body: string; link: string };

const FALLBACK: PushMessage = { title: 'Stillpoint', body: 'Something new is waiting for you.', link: '/' };

/**
 * Reads a push's JSON defensively: a missing or odd field falls back, and the link must be a path
 * on this site (a push can never open another origin).
 */
export function readPushMessage(text: string | null | undefined): PushMessage {
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
