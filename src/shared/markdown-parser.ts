import MarkdownIt, { type StateInline } from 'markdown-it';
import { MENTION_TOKEN } from './mention-token.ts';
import { UPLOADED_IMAGE_PATTERN } from './uploaded-images.ts';

/**
 * The Markdown parsers themselves, without zod (markdown.ts adds the previews and link checks,
 * which need the community schemas): the renderer (client/components/content/rich-text.tsx) is
 * on the item screen's first paint, where zod must not be (docs/decisions/051).
 */

const MENTION_AT_START = new RegExp(`^${MENTION_TOKEN.source}`);

/** The link schemes a member may use; anything else stays text. */
export function isAllowedLinkHref(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href.trim());
}

function mentionRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
  const match = MENTION_AT_START.exec(state.src.slice(state.pos));
  if (!match) return false;
  if (!silent) {
    const token = state.push('mention', '', 0);
    token.meta = { name: match[1], userId: match[2] };
    token.content = match[1]!;
  }
  state.pos += match[0].length;
  return true;
}

/** A parser with only the subset's rules switched on. */
export function createMarkdownParser(): InstanceType<typeof MarkdownIt> {
  const md = new MarkdownIt('zero', { html: false, breaks: true, linkify: true, typographer: false });
  md.enable([
    'list',
    'blockquote',
    'newline',
    'escape',
    'backticks',
    'emphasis',
    'link',
    'autolink',
    'linkify',
  ]);
  // Only written-out http(s) addresses become links, as before Markdown: "example.com" stays text.
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  md.validateLink = isAllowedLinkHref;
  md.inline.ruler.before('link', 'mention', mentionRule);
  const escapeHtml = md.utils.escapeHtml;
  md.renderer.rules.mention = (tokens, index) => {
    const { name } = tokens[index]!.meta as { name: string };
    return `<span class="mention">@${escapeHtml(name)}</span>`;
  };
  // Links open in a new tab and pass on neither trust nor the page they came from.
  md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
    tokens[index]!.attrSet('target', '_blank');
    tokens[index]!.attrSet('rel', 'noopener nofollow ugc');
    return self.renderToken(tokens, index, options);
  };
  return md;
}

/**
 * Articles (`post` items) and item descriptions (issue 36): the members' subset plus headings and
 * images, written by admins. Images only from our own uploads (`/objects/images/<id>.webp`):
 * anything else shows its alt text, so an article never loads a third party's picture. Headings
 * start at level 2 (`#` is an h2): the page's title is its one h1. Still `html: false`.
 */
export function createArticleParser(): InstanceType<typeof MarkdownIt> {
  const md = createMarkdownParser();
  md.enable(['heading', 'image']);
  md.validateLink = (url) => isAllowedLinkHref(url) || isArticleImageSource(url);
  const escapeHtml = md.utils.escapeHtml;
  // An uploaded image's path passes validateLink (for images); as a link it stays plain text.
  md.core.ruler.push('article_links', (state) => {
    for (const block of state.tokens) {
      if (!block.children) continue;
      let isDropping = false;
      block.children = block.children.filter((token) => {
        if (token.type === 'link_open' && !isAllowedLinkHref(String(token.attrGet('href') ?? ''))) {
          isDropping = true;
          return false;
        }
        // Links do not nest: the next close is the dropped link's.
        if (token.type === 'link_close' && isDropping) {
          isDropping = false;
          return false;
        }
        return true;
      });
    }
  });
  md.renderer.rules.image = (tokens, index) => {
    const token = tokens[index]!;
    const alt = escapeHtml(token.content);
    const src = String(token.attrGet('src') ?? '');
    if (!isArticleImageSource(src)) return alt;
    return `<img src="${escapeHtml(src)}" alt="${alt}">`;
  };
  md.renderer.rules.heading_open = (tokens, index) => `<h${articleHeadingLevel(tokens[index]!.tag)}>`;
  md.renderer.rules.heading_close = (tokens, index) => `</h${articleHeadingLevel(tokens[index]!.tag)}>\n`;
  return md;
}

/** An image an article may show: one registered through our uploads. */
export function isArticleImageSource(src: string): boolean {
  return UPLOADED_IMAGE_PATTERN.test(src);
}

/** `#` → h2 … `###` and deeper → h4. */
function articleHeadingLevel(tag: string): number {
  return Math.min(4, Number(tag.slice(1)) + 1);
}

const articleParser = createArticleParser();

/**
 * An article's words without its markup, for the premium teaser: blocks (paragraphs, headings,
 * list items, quotes) keep a blank line between them, a line break stays one, and an image
 * counts as nothing (neither its address nor its alt text), nor does a link's destination.
 */
export function articleToPlainText(source: string): string {
  const blocks: string[] = [];
  for (const token of articleParser.parse(source, {})) {
    if (token.type !== 'inline') continue;
    let text = '';
    for (const child of token.children ?? []) {
      if (child.type === 'text' || child.type === 'code_inline') text += child.content;
      else if (child.type === 'mention') text += `@${child.content}`;
      else if (child.type === 'softbreak' || child.type === 'hardbreak') text += '\n';
    }
    if (text.trim()) blocks.push(text.trim());
  }
  return blocks.join('\n\n');
}
