import { apiJson, apiQuery } from '@client/lib/api';
import type { Event, EventOccurrence, RsvpResult } from '@shared/schemas/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const eventQueries = {
  all: ['/api/events'] as const,
  /** `GET /api/events?from&to`: occurrences in a window (at most 92 days), in UTC with the zone. */
  between: (from: Date, to: Date) =>
    apiQuery<EventOccurrence[]>(
      '/api/events',
      `?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
    ),
  /** `GET /api/events/{id}`: the next occurrences, with counts and the member's answers. */
  detail: (id: string) => apiQuery<Event>('/api/events', encodeURIComponent(id)),
};

export function useEventsBetween(from: Date, to: Date) {
  const options = eventQueries.between(from, to);
  // apiQuery joins the key's parts with '/': the query string is its own part here.
  return useQuery({
    ...options,
    queryFn: () => apiJson<EventOccurrence[]>('GET', options.queryKey.join('')),
  });
}

export function useEvent(id: string) {
  return useQuery(eventQueries.detail(id));
}

/** `POST /api/events/{id}/rsvp`: going or not to one occurrence; refreshes every event query. */
export function useRsvp(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { going: boolean; occurrence: string }) =>
      apiJson<RsvpResult>('POST', `/api/events/${encodeURIComponent(id)}/rsvp`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventQueries.all }),
  });
}

/** The ICS file of one event ("Add to calendar"). */
export const eventIcsUrl = (id: string) => `/api/events/${encodeURIComponent(id)}.ics`;
