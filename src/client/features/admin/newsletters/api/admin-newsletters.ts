import { apiJson, apiQuery, apiRequest } from '@client/lib/api';
import { escapeMarkdown } from '@shared/markdown';
import type { Announcement } from '@shared/schemas/announcements';
import type {
  Newsletter,
  NewsletterInput,
  NewsletterPreview,
  NewsletterSegment,
} from '@shared/schemas/newsletters';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

const BASE = '/api/admin/newsletters';

export const adminNewsletterQueries = {
  all: () => [BASE] as const,
  /** `GET /api/admin/newsletters`: every newsletter with its figures, newest first. */
  list: () => apiQuery<Newsletter[]>(BASE),
};

/** The list; while a newsletter is sending its figures are read again every few seconds. */
export function useAdminNewsletters() {
  return useQuery({
    ...adminNewsletterQueries.list(),
    refetchInterval: (query) =>
      query.state.data?.some((newsletter) => newsletter.status === 'sending') ? 5000 : false,
  });
}

function useRefreshingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminNewsletterQueries.all() }),
  });
}

/** `POST /api/admin/newsletters` (no id yet) or `PUT /api/admin/newsletters/{id}`. */
export function useSaveNewsletter() {
  return useRefreshingMutation(({ id, input }: { id: string | null; input: NewsletterInput }) =>
    id ? apiJson<Newsletter>('PUT', `${BASE}/${id}`, input) : apiJson<Newsletter>('POST', BASE, input),
  );
}

export function useDeleteNewsletter() {
  return useRefreshingMutation(async (id: string) => {
    await apiRequest('DELETE', `${BASE}/${id}`);
  });
}

/** `POST /api/admin/newsletters/{id}/test`: a copy to the signed-in admin. */
export function useSendTestNewsletter() {
  return useMutation({
    mutationFn: (id: string) => apiJson<{ to: string }>('POST', `${BASE}/${id}/test`),
  });
}

/** `POST /api/admin/newsletters/{id}/send`, now or at `scheduledFor`. */
export function useSendNewsletter() {
  return useRefreshingMutation(({ id, scheduledFor }: { id: string; scheduledFor?: string }) =>
    apiJson<Newsletter>('POST', `${BASE}/${id}/send`, scheduledFor ? { scheduledFor } : {}),
  );
}

/** `value`, once it has stopped changing for `delayMs`. */
function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The e-mail the draft makes (`POST /api/admin/newsletters/preview`), asked for when typing pauses. */
export function useNewsletterPreview(subject: string, body: string) {
  const settled = useSettledValue({ subject, body }, 400);
  return useQuery({
    queryKey: [BASE, 'preview', settled.subject, settled.body],
    queryFn: () => apiJson<NewsletterPreview>('POST', `${BASE}/preview`, settled),
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An announcement as a newsletter's Markdown: its text exactly as written, then its link. */
export function newsletterBodyFrom(announcement: Announcement): string {
  const text = escapeMarkdown(announcement.content);
  if (!announcement.linkUrl) return text;
  return `${text}\n\n[${escapeMarkdown(announcement.linkText || announcement.linkUrl)}](${announcement.linkUrl})`;
}

/**
 * "Send as newsletter" on an announcement: a newsletter draft with its title and text, opened in
 * the newsletter editor (`/admin/newsletters?draft=<id>`) to choose the audience, test and send.
 */
export function useStartNewsletterFrom() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (announcement: Announcement) =>
      apiJson<Newsletter>('POST', BASE, {
        subject: announcement.title,
        body: newsletterBodyFrom(announcement),
        segment: 'all',
      } satisfies NewsletterInput),
    onSuccess: async (draft) => {
      await queryClient.invalidateQueries({ queryKey: adminNewsletterQueries.all() });
      navigate(`/admin/newsletters?draft=${draft.id}`);
    },
  });
}

export const SEGMENT_LABELS: Record<NewsletterSegment, string> = {
  all: 'All members who chose newsletters',
  free: 'Free members only',
  premium: 'Premium members only',
};
