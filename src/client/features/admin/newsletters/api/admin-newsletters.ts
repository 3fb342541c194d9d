import { apiJson, apiQuery, apiRequest } from '@client/lib/api';
import { escapeMarkdown } from '@shared/markdown';
import type { Announcement } from '@shared/schemas/announcements';
import type { ContentItem } from '@shared/schemas/content';
import type { MemberLabel } from '@shared/schemas/members';
import type { Newsletter, NewsletterInput, NewsletterPreview } from '@shared/schemas/newsletters';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

const BASE = '/api/admin/newsletters';

export const adminNewsletterQueries = {
  all: () => [BASE] as const,
  /** `GET /api/admin/newsletters`: every newsletter with its figures, newest first. */
  list: () => apiQuery<Newsletter[]>(BASE),
};

/**
 * `GET /api/admin/members/labels`: the labels members carry from the import (the most used first),
 * each one more audience the editor offers.
 */
export function useMemberLabels() {
  return useQuery(apiQuery<MemberLabel[]>('/api/admin/members/labels'));
}

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

/** An announcement as a newsletter: its title, its text exactly as written, then its link. */
export function newsletterFromAnnouncement(announcement: Announcement): NewsletterInput {
  const text = escapeMarkdown(announcement.content);
  const link = announcement.linkUrl
    ? `\n\n[${escapeMarkdown(announcement.linkText || announcement.linkUrl)}](${announcement.linkUrl})`
    : '';
  return { subject: announcement.title, body: `${text}${link}`, segment: 'all' };
}

/**
 * A library item as a newsletter: its description and a link to its page. A premium item goes to
 * premium members unless the admin chooses otherwise (free members could not open it).
 */
export function newsletterFromContentItem(item: ContentItem, origin: string): NewsletterInput {
  return {
    subject: item.title,
    body: `${escapeMarkdown(item.description)}\n\n[Open ${escapeMarkdown(item.title)}](${origin}/video/${item.id})`,
    segment: item.isPremium ? 'premium' : 'all',
  };
}

/**
 * "Send as newsletter" on an announcement or a library item: a newsletter draft made from it,
 * opened in the newsletter editor (`/admin/newsletters?draft=<id>`) to check, test and send.
 */
export function useStartNewsletter() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewsletterInput) => apiJson<Newsletter>('POST', BASE, input),
    onSuccess: async (draft) => {
      await queryClient.invalidateQueries({ queryKey: adminNewsletterQueries.all() });
      navigate(`/admin/newsletters?draft=${draft.id}`);
    },
  });
}
