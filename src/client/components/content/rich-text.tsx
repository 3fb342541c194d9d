import { cn } from '@client/lib/cn';
import { sanitizeMarkdownHtml } from '@client/lib/sanitize-markdown';
import { createArticleParser, createMarkdownParser } from '@shared/markdown-parser';
import type * as React from 'react';

/**
 * The one renderer of member-written text (posts, comments, earlier versions): the Markdown subset
 * of src/shared/markdown.ts, then the allow-list sanitiser (lib/sanitize-markdown.ts) that keeps
 * exactly the tags and attributes that subset produces. Raw HTML never reaches the page as markup (the parser escapes
 * it, and the sanitiser would drop it); links are http(s) or mailto only and open in a new tab.
 */
const parser = createMarkdownParser();
/** Articles and item descriptions (issue 36): the same subset plus headings and our own images. */
const articleParser = createArticleParser();

/** What an article adds to the members' subset: headings and our own uploaded images. */
const ARTICLE_EXTRA = { tags: ['h2', 'h3', 'h4', 'img'], attributes: ['src', 'alt'] };

export type RichTextVariant = 'member' | 'article';

/**
 * Member Markdown (or an article) as safe HTML. On the server (a member's first screen rendered there,
 * docs/decisions/058) there is no DOM for the sanitiser: the parser's own output is used, which
 * is already safe (`html: false`, links and images checked by the parser) and which the sanitiser
 * leaves unchanged, so the browser hydrates the very same markup (rich-text.test.tsx proves it).
 */
export function renderMarkdown(source: string, variant: RichTextVariant = 'member'): string {
  const html = (variant === 'article' ? articleParser : parser).render(source);
  if (typeof window === 'undefined') return html;
  return sanitizeMarkdownHtml(html, variant === 'article' ? ARTICLE_EXTRA : {});
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
