import { splitMatches } from '@shared/schemas/search';

/**
 * Text with the searched words marked: plain React text and <mark> elements only, never HTML
 * from the server (docs/decisions/035-search.md).
 */
export function HighlightedText({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {splitMatches(text, terms).map((part, index) =>
        part.isMatch ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one text never reorder
          <mark key={index} className="rounded-sm bg-amber-200/70 px-0.5 text-inherit dark:bg-amber-400/30">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
