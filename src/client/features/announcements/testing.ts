import type { Announcement } from '@shared/schemas/announcements';

/** A published announcement without picture or link, posted 2025-06-13; `overrides` change any field. */
export function makeAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 'a1',
    title: 'June journey: Returning to the breath',
    content: 'Line one\nLine two',
    type: 'event',
    isPinned: false,
    isPublished: true,
    publishedAt: '2025-06-13T12:00:00Z',
    createdAt: '2025-06-13T12:00:00Z',
    imageUrl: null,
    linkUrl: null,
    linkText: null,
    author: { firstName: 'Ada', lastName: 'Okafor', profileImageUrl: null },
    ...overrides,
  };
}
