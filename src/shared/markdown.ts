import type { Token } from 'markdown-it';
import { createMarkdownParser } from './markdown-parser.ts';
import { MENTION_TOKEN, mentionedUserIds } from './mention-token.ts';
import { toPreview } from './schemas/community.ts';

/**
 * The Markdown members write in posts and comments: paragraphs, **bold**, *italic*, lists,
 * > quotes, [links](https://…), `inline code` and mentions — nothing else (no headings, images,
 * tables, code blocks or raw HTML: `html: false` leaves markup as text). One parser for both sides:
 * the client renders it (then sanitises, components/content/rich-text.tsx), the server
 * strips it to plain text for previews and finds the mentions in it. docs/product.md, Community.
 */

export {
  articleToPlainText,
  createArticleParser,
  createMarkdownParser,
  isAllowedLinkHref,
  isArticleImageSource,
} from './markdown-parser.ts';
/** `@[Display Name](user:<uuid>)`: a mention, kept by user id; the name is shown as it is now. */
export { MENTION_TOKEN, mentionedUserIds };

/** A name as a mention label: no brackets or line breaks (they would end the token early). */
export function mentionLabel(name: string): string {
  return (
    name
      .replace(/[[\]\n\r]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'Member'
  );
}

export function mentionToken(name: string, userId: string): string {
  return `@[${mentionLabel(name)}](user:${userId})`;
}

/** Backslash-escapes Markdown punctuation so a text shows exactly as written. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]()<>#+\-.!|~@&]/g, (char) => `\\${char}`);
}

/**
 * Rewrites every mention: a known member's token gets their current name; the token of someone
 * who does not exist (any more) becomes the plain text `@Name`.
 */
export function rewriteMentions(source: string, currentNames: ReadonlyMap<string, string>): string {
  return source.replace(MENTION_TOKEN, (_token, label: string, id: string) => {
    const name = currentNames.get(id);
    return name === undefined ? `@${escapeMarkdown(label)}` : mentionToken(name, id);
  });
}

const parser = createMarkdownParser();

/**
 * The parser the link hold looks through (decision 036): the renderer's rules, but every link
 * destination counts whatever its scheme, and addresses written without one (`www.example.org`,
 * `example.com`) count too. Stricter than the renderer on purpose: the hold errs towards a
 * moderator's look.
 */
const linkFinder = createMarkdownParser();
linkFinder.validateLink = () => true;
linkFinder.linkify.set({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });

/**
 * Whether a text holds a link, decided on the parsed tokens (not a pattern over the raw text, which
 * entity-encoded destinations, `mailto:` and unusual top-level domains slipped past): any link
 * token — `[x](…)`, `<…>` autolinks, linkified addresses, of any scheme — or a bare address in
 * the words. A new account's post or comment with one waits for a moderator.
 */
export function containsLink(source: string): boolean {
  for (const token of linkFinder.parse(source, {})) {
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') return true;
      if ((child.type === 'text' || child.type === 'code_inline') && linkFinder.linkify.test(child.content)) {
        return true;
      }
    }
  }
  return false;
}

function inlineText(children: Token[] | null): string {
  let text = '';
  for (const child of children ?? []) {
    if (child.type === 'text' || child.type === 'code_inline') text += child.content;
    else if (child.type === 'mention') text += `@${child.content}`;
    else if (child.type === 'softbreak' || child.type === 'hardbreak') text += ' ';
  }
  return text;
}

/** The words of a Markdown text without its markup, blocks joined by a space (list previews). */
export function markdownToPlainText(source: string): string {
  const parts: string[] = [];
  for (const token of parser.parse(source, {})) {
    if (token.type === 'inline') parts.push(inlineText(token.children));
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** A list preview or reply excerpt: the plain words, cut to `length` with '…'. */
export function plainPreview(source: string, length: number): string {
  return toPreview(markdownToPlainText(source), length);
}
