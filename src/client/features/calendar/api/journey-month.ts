import { apiJson } from '@client/lib/api';
import type { JourneyMonth } from '@shared/schemas/journeys';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const journeyQueries = {
  all: ['/api/journeys/month'] as const,
  /** `GET /api/journeys/month?month=YYYY-MM`: the scheduled journeys' days of a month. */
  month: (month: string) =>
    queryOptions({
      queryKey: [...journeyQueries.all, month],
      queryFn: () => apiJson<JourneyMonth>('GET', `/api/journeys/month?month=${encodeURIComponent(month)}`),
    }),
};

/** The journey days of one month (any month: a journey scheduled every month needs no typing). */
export function useJourneyMonth(month: string) {
  return useQuery(journeyQueries.month(month));
}
