import { toast } from '@client/components/ui/use-toast';
import type { CurrentUser } from '@shared/schemas/auth';
import { type ContentItem, readingTimeMinutes } from '@shared/schemas/content';
import type { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A published content item for component tests; override what the test is about. The reading
 * time is worked out as the server does, from the text given, unless the test sets it.
 */
export function makeContentItem(overrides: Partial<ContentItem> = {}): ContentItem {
  const id = overrides.id ?? 'item-1';
  const item: Omit<ContentItem, 'readingMinutes'> = {
    id,
    title: `Session ${id}`,
    description: 'A quiet session to settle the breath.',
    type: 'audio',
    thumbnailUrl: null,
    duration: 600,
    isPremium: false,
    isPublished: true,
    tags: [],
    intensity: null,
    language: null,
    calendarDates: [],
    hasMedia: true,
    isTeaser: false,
    createdAt: '2025-06-01T08:00:00Z',
    updatedAt: '2025-06-01T08:00:00Z',
    ...overrides,
  };
  return { ...item, readingMinutes: overrides.readingMinutes ?? readingTimeMinutes(item) };
}

export const freeMember: CurrentUser = {
  id: 'u1',
  email: 'maya@example.com',
  firstName: 'Maya',
  lastName: 'Lindqvist',
  profileImageUrl: null,
  isAdmin: false,
  subscriptionStatus: null,
  createdAt: '2025-01-01T00:00:00Z',
};

/** A premium member remembered on this device (the offline and per-account storage tests). */
export function makeDeviceMember(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    ...freeMember,
    id: 'user-a',
    email: 'a@example.test',
    firstName: 'Ada',
    lastName: null,
    subscriptionStatus: 'active',
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export const premiumMember: CurrentUser = { ...freeMember, id: 'u2', subscriptionStatus: 'active' };

/** Resolves once the current-user request has answered, as the app knows who is there. */
export async function waitForCurrentUser(queryClient: QueryClient): Promise<void> {
  await vi.waitFor(() => {
    if (queryClient.getQueryState(['/api/auth/user'])?.status !== 'success')
      throw new Error('user not loaded');
  });
}

/** The toast store outlives a test: replace whatever it shows with a dismissed toast. */
export function clearToasts(): void {
  act(() => toast({ title: 'cleanup' }).dismiss());
}
