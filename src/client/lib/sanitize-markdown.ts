import { isAllowedLinkHref, isArticleImageSource } from '@shared/markdown-parser';
import DOMPurify from 'dompurify';

/**
 * The allow-list sanitiser of rendered Markdown (members' posts and comments, the site's own
 * pages): exactly the tags and attributes the Markdown subset of src/shared/markdown.ts produces.
 * Raw HTML never reaches the page as markup (the parser escapes it, and this would drop it);
 * links are http(s) or mailto only and open in a new tab.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'a', 'code', 'span'];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'start', 'class'];

let purifier: ReturnType<typeof DOMPurify> | undefined;
function getPurifier() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!isAllowedLinkHref(href)) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener nofollow ugc');
    }
    // Only our uploaded images (an article's); the tag itself is allowed only where asked for.
    if (node.tagName === 'IMG' && !isArticleImageSource(node.getAttribute('src') ?? '')) {
      node.removeAttribute('src');
    }
    // Only the renderer's own class names survive (no styling from a member's text).
    if (node.hasAttribute('class') && node.getAttribute('class') !== 'mention') node.removeAttribute('class');
  });
  return purifier;
}

/**
 * HTML the Markdown parser made, through the allow-list. `extra` widens it for the site's own
 * pages (headings, @shared/page-markdown) and for articles (headings and our uploaded images,
 * @shared/markdown-parser); nothing else changes.
 */
export function sanitizeMarkdownHtml(
  html: string,
  extra: { tags?: readonly string[]; attributes?: readonly string[] } = {},
): string {
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS, ...(extra.tags ?? [])],
    ALLOWED_ATTR: [...ALLOWED_ATTR, ...(extra.attributes ?? [])],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/objects\/images\/)/i,
    ALLOW_DATA_ATTR: false,
  });
}
