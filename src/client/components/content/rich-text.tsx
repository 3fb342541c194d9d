import { cn } from '@client/lib/cn';
import {
  createArticleParser,
  createMarkdownParser,
  isAllowedLinkHref,
  isArticleImageSource,
} from '@shared/markdown-parser';
import DOMPurify from 'dompurify';
import type * as React from 'react';

/**
 * The one renderer of member-written text (posts, comments, earlier versions): the Markdown subset
 * of src/shared/markdown.ts, then an allow-list sanitiser that keeps exactly the tags and
 * attributes that subset produces. Raw HTML never reaches the page as markup (the parser escapes
 * it, and the sanitiser would drop it); links are http(s) or mailto only and open in a new tab.
 */
const parser = createMarkdownParser();
/** Articles and item descriptions (issue 36): the same subset plus headings and our own images. */
const articleParser = createArticleParser();

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'blockquote', 'a', 'code', 'span'];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'start', 'class'];
const ARTICLE_TAGS = [...ALLOWED_TAGS, 'h2', 'h3', 'h4', 'img'];
const ARTICLE_ATTR = [...ALLOWED_ATTR, 'src', 'alt'];

export type RichTextVariant = 'member' | 'article';

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
    // Only our uploaded images (an article's); the tag itself is allowed only for articles.
    if (node.tagName === 'IMG' && !isArticleImageSource(node.getAttribute('src') ?? '')) {
      node.removeAttribute('src');
    }
    // Only the renderer's own class names survive (no styling from a member's text).
    if (node.hasAttribute('class') && node.getAttribute('class') !== 'mention') node.removeAttribute('class');
  });
  return purifier;
}

/**
 * Member Markdown (or an article) as safe HTML. On the server (a member's first screen drawn there,
 * docs/decisions/058) there is no DOM for the sanitiser: the parser's own output is used, which
 * is already safe (`html: false`, links and images checked by the parser) and which the sanitiser
 * leaves unchanged, so the browser hydrates the very same markup (rich-text.test.tsx proves it).
 */
export function renderMarkdown(source: string, variant: RichTextVariant = 'member'): string {
  const html = (variant === 'article' ? articleParser : parser).render(source);
  if (typeof window === 'undefined') return html;
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS: variant === 'article' ? ARTICLE_TAGS : ALLOWED_TAGS,
    ALLOWED_ATTR: variant === 'article' ? ARTICLE_ATTR : ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/objects\/images\/)/i,
    ALLOW_DATA_ATTR: false,
  });
}

export function RichText({
  text,
  variant = 'member',
  className,
  ...props
}: { text: string; variant?: RichTextVariant } & Omit<
  React.ComponentProps<'div'>,
  'children' | 'dangerouslySetInnerHTML'
>) {
  return (
    <div
      className={cn('member-text wrap-anywhere', className)}
      {...props}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: parsed with html off, then sanitised by an allow-list (renderMarkdown)
      dangerouslySetInnerHTML={{ __html: renderMarkdown(text, variant) }}
    />
  );
}
