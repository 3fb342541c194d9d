import { cn } from '@client/lib/cn';
import { sanitizeMarkdownHtml } from '@client/lib/sanitize-markdown';
import { PAGE_HEADING_TAGS } from '@shared/page-markdown';
import type * as React from 'react';

/**
 * A page the server rendered from the admin's Markdown (@shared/page-markdown: raw HTML stays
 * text), through the community's allow-list sanitiser once more before it reaches the page, with
 * the headings pages have.
 */
export function PageHtml({
  html,
  className,
  ...props
}: { html: string } & Omit<React.ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'>) {
  return (
    <div
      className={cn('member-text page-text wrap-anywhere', className)}
      {...props}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered with html off, then sanitised by an allow-list (sanitizeMarkdownHtml)
      dangerouslySetInnerHTML={{ __html: sanitizeMarkdownHtml(html, { tags: PAGE_HEADING_TAGS }) }}
    />
  );
}
