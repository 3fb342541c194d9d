import { cn } from '@client/lib/cn';
import { sanitizeMarkdownHtml } from '@client/lib/sanitize-markdown';
import { createMarkdownParser } from '@shared/markdown';
import type * as React from 'react';

/**
 * The one renderer of member-written text (posts, comments, earlier versions): the Markdown subset
 * of src/shared/markdown.ts, then the allow-list sanitiser (lib/sanitize-markdown.ts) that keeps
 * exactly the tags and attributes that subset produces. Raw HTML never reaches the page as markup (the parser escapes
 * it, and the sanitiser would drop it); links are http(s) or mailto only and open in a new tab.
 */
const parser = createMarkdownParser();

/** Member Markdown as safe HTML. */
export function renderMarkdown(source: string): string {
  return sanitizeMarkdownHtml(parser.render(source));
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
