import { cn } from '@client/lib/cn';
import type * as React from 'react';

/** http(s) addresses up to the next space or angle bracket; punctuation at the end is prose. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/** The address as a link target, only when it really is http or https; anything else stays text. */
export function toSafeLinkHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

type Segment = { kind: 'text'; value: string } | { kind: 'link'; value: string; href: string };

export function splitIntoSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const href = toSafeLinkHref(raw);
    if (!href) continue;
    if (start > cursor) segments.push({ kind: 'text', value: text.slice(cursor, start) });
    segments.push({ kind: 'link', value: raw, href });
    cursor = start + raw.length;
  }
  if (cursor < text.length) segments.push({ kind: 'text', value: text.slice(cursor) });
  return segments;
}

/**
 * Member-written text, always as text: line breaks kept, web addresses turned into links built as
 * React elements (never HTML), opening in a new tab without passing on trust or the referrer page.
 * Markup in the text is shown literally; `javascript:` and other schemes never become links.
 */
export function RichText({
  text,
  className,
  ...props
}: { text: string } & Omit<React.ComponentProps<'div'>, 'children'>) {
  return (
    <div className={cn('whitespace-pre-line wrap-anywhere', className)} {...props}>
      {splitIntoSegments(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: segments of one fixed text
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener nofollow ugc"
            className="font-medium text-primary underline decoration-primary/40 underline-offset-4 transition-colors hover:decoration-primary"
          >
            {segment.value}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one fixed text
          <span key={index}>{segment.value}</span>
        ),
      )}
    </div>
  );
}
