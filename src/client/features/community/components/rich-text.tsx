import { cn } from '@client/lib/cn';
import { createMarkdownParser, isAllowedLinkHref } from '@shared/markdown';
import DOMPurify from 'dompurify';
import type * as React from 'react';

/**
 * The one renderer of member-written text (posts, comments, earlier versions): the Markdown subset
 * of src/shared/markdown.ts, then an allow-list sanitiser that keeps exactly the tags and
 * attributes that subset produces. Raw HTML never reaches the page as markup (the parser escapes
 * it, and the sanitiser would drop it); links are http(s) or mailto only and open in a new tab.
 */
const parser = createMarkdownParser();

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
    // Only the renderer's own class names survive (no styling from a member's text).
    if (node.hasAttribute('class') && node.getAttribute('class') !== 'mention') node.removeAttribute('class');
  });
  return purifier;
}

/** Member Markdown as safe HTML. */
export function renderMarkdown(source: string): string {
  return getPurifier().sanitize(parser.render(source), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    ALLOW_DATA_ATTR: false,
  });
}

export function RichText({
  text,
  className,
  ...props
}: { text: string } & Omit<React.ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'>) {
  return (
    <div
      className={cn('member-text wrap-anywhere', className)}
      {...props}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: parsed with html off, then sanitised by an allow-list (renderMarkdown)
      dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }}
    />
  );
}
