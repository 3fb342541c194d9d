/**
 * The mention token, `@[Display Name](user:<uuid>)` (docs/decisions/033), on its own so that both
 * the Markdown parser (markdown.ts) and the write schemas (schemas/community.ts, the limit on
 * mentions per item) read it without importing each other.
 */
export const MENTION_TOKEN =
  /@\[([^[\]\n]{1,80})\]\(user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/g;

/** The distinct user ids mentioned in a text, in order of first mention. */
export function mentionedUserIds(source: string): string[] {
  return [...new Set([...source.matchAll(MENTION_TOKEN)].map((match) => match[2]!))];
}

/**
 * At most this many different people per post or comment: enough for a conversation, too few to
 * page a crowd. The same person named again does not count twice.
 */
export const MAX_MENTIONS_PER_ITEM = 5;
export const TOO_MANY_MENTIONS_MESSAGE = `A post or comment can mention at most ${MAX_MENTIONS_PER_ITEM} people`;
