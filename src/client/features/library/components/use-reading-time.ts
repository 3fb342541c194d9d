import { useNamespace } from '@client/lib/i18n';
import { UNDER_A_MINUTE_SECONDS } from '@shared/content-values';
import type { ContentItem } from '@shared/schemas/content';
import { useCallback } from 'react';

/**
 * formatReadingTime (src/shared/content-values.ts) in the member's language: "N min" from the
 * server's figure, "under a minute" for a recording under 30 s, "0 min" only for an item with no
 * duration at all.
 */
export function useReadingTime(): (
  item: Pick<ContentItem, 'readingMinutes' | 'type' | 'duration'>,
) => string {
  const i18n = useNamespace('library');
  return useCallback(
    (item) => {
      const seconds = item.duration ?? 0;
      if (item.type !== 'post' && seconds > 0 && seconds < UNDER_A_MINUTE_SECONDS) {
        return i18n._('library.duration.underAMinute');
      }
      return i18n._('library.duration.minutes', { count: item.readingMinutes });
    },
    [i18n],
  );
}
