import { createMarkdownParser } from './markdown.ts';

/**
 * The Markdown of the site's own pages (privacy, terms, imprint, about, the FAQ): the community's
 * subset (markdown.ts: `html: false`, links only http(s) and mailto) plus headings, which a
 * privacy policy needs. A heading is drawn one level down (`#` is an h2, `##` an h3, deeper an
 * h4): the dialog showing the page holds its title. The server renders the pages with it
 * (features/site/pages.service.ts); the admin's preview renders the same in the browser.
 */
export const PAGE_HEADING_TAGS = ['h2', 'h3', 'h4'] as const;

export function createPageMarkdownParser() {
  const md = createMarkdownParser();
  md.enable(['heading']);
  md.renderer.rules.heading_open = (tokens, index) => `<${pageHeadingTag(tokens[index]!.tag)}>`;
  md.renderer.rules.heading_close = (tokens, index) => `</${pageHeadingTag(tokens[index]!.tag)}>\n`;
  return md;
}

function pageHeadingTag(tag: string): (typeof PAGE_HEADING_TAGS)[number] {
  const level = Number(tag.slice(1));
  return PAGE_HEADING_TAGS[Math.min(level, PAGE_HEADING_TAGS.length) - 1]!;
}

const parser = createPageMarkdownParser();

/** A page's Markdown as HTML: raw HTML in it stays text, links other than http(s)/mailto stay text. */
export function renderPageMarkdown(source: string): string {
  return parser.render(source);
}
