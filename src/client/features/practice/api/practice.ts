import { apiRequest } from '@client/lib/api';
import type { PracticeDay, PracticeSessionInput, PracticeSummary } from '@shared/schemas/practice';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const practiceQueries = {
  all: () => ['/api/practice'] as const,
  /** `GET /api/practice/summary`: today, this week, this month, all time, runs of days. */
  summary: () =>
    queryOptions({
      queryKey: ['/api/practice', 'summary'],
      queryFn: async () =>
        (await (await apiRequest('GET', '/api/practice/summary')).json()) as PracticeSummary,
    }),
  /** `GET /api/practice/days`: the practised days between two of the member's dates. */
  days: (from: string, to: string) =>
    queryOptions({
      queryKey: ['/api/practice', 'days', from, to],
      queryFn: async () => {
        const query = new URLSearchParams({ from, to });
        const response = await apiRequest('GET', `/api/practice/days?${query}`);
        return ((await response.json()) as { days: PracticeDay[] }).days;
      },
    }),
};

export function usePracticeSummary() {
  return useQuery(practiceQueries.summary());
}

export function usePracticeDays(from: string, to: string, { isEnabled = true } = {}) {
  return useQuery({ ...practiceQueries.days(from, to), enabled: isEnabled });
}

/** `POST /api/practice/sessions`; the id is the caller's, so sending twice is harmless. */
export async function postPracticeSession(input: PracticeSessionInput): Promise<void> {
  await apiRequest('POST', '/api/practice/sessions', input);
}
