import { apiJson, apiRequest } from '@client/lib/api';
import type { CalendarFeed, FeedScope } from '@shared/schemas/events';
import { useMutation } from '@tanstack/react-query';

/**
 * The member's personal calendar feed (src/server/features/events). The server keeps only a hash
 * of the feed's token, so a link can be shown once, when it is made: there is nothing to read
 * back later, and making a new one stops the previous one.
 */

/** `POST /api/calendar/feed`: a new feed link of this scope (the previous link stops working). */
export function useCreateCalendarFeed() {
  return useMutation({
    mutationFn: (scope: FeedScope) => apiJson<CalendarFeed>('POST', '/api/calendar/feed', { scope }),
  });
}

/** `DELETE /api/calendar/feed`: the member's feed link stops working (none is fine too). */
export function useRevokeCalendarFeed() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', '/api/calendar/feed');
    },
  });
}
