import { makeContentItem } from '@client/testing/content';
import type { ContentItem, Playlist, PlaylistItem } from '@shared/schemas/content';
import { describe, expect, it } from 'vitest';
import { toQueue } from './use-play-next-queue';

const lesson = (
  id: string,
  orderIndex: number,
  { isUnlocked = true, item = {} }: { isUnlocked?: boolean; item?: Partial<ContentItem> } = {},
): PlaylistItem => ({
  id: `e-${id}`,
  orderIndex,
  dayIndex: null,
  unlockAfterDays: isUnlocked ? null : 3,
  unlockOn: null,
  lesson: { isUnlocked, unlocksAt: null, isCompleted: false },
  video: makeContentItem({ id, title: `Lesson ${id}`, type: 'audio', hasMedia: true, ...item }),
});

const course: Playlist = {
  id: 'c1',
  slug: 'first-steps',
  title: 'First steps',
  description: '',
  isCalendar: false,
  isCourse: true,
  enrolledAt: '2026-11-01T00:00:00Z',
  items: [],
  isFollowing: false,
  followerCount: 0,
};

const options = {
  canOpenPremium: false,
  downloadedIds: new Set<string>(['b']),
  getOfflineSource: async (id: string) => `/offline-media/u/${id}`,
  getSignedUrl: async (id: string) => `/signed/${id}`,
  lock: { when: () => 'Opens 3 days after you enrol' },
};

describe('a playlist or course as a play-next queue', () => {
  it('keeps the order, only audio with media, marks locked lessons and premium items, and prefers the stored copy', async () => {
    const queue = toQueue(
      {
        ...course,
        items: [
          lesson('d', 3, { isUnlocked: false }),
          lesson('a', 0),
          lesson('v', 1, { item: { type: 'video' } }),
          lesson('b', 2, { item: { isPremium: true } }),
        ],
      },
      options,
    );
    expect(queue.map((entry) => entry.id)).toEqual(['a', 'b', 'd']);
    expect(queue[0]?.unavailable).toBeUndefined();
    expect(queue[1]?.unavailable?.reason).toBe('premium');
    expect(queue[2]?.unavailable).toEqual({
      reason: 'locked',
      message: 'Lesson 4, “Lesson d”, opens 3 days after you enrol. It will be here for you then.',
    });
    expect(queue[1]?.isDownloaded).toBe(true);
    expect(await queue[1]?.resolveSrc()).toBe('/offline-media/u/b');
    expect(await queue[0]?.resolveSrc()).toBe('/signed/a');
  });

  it('before enrolling every lesson is locked; a plain playlist has no locks', () => {
    const items = [lesson('a', 0), lesson('b', 1)];
    const notEnrolled = toQueue({ ...course, enrolledAt: null, items }, options);
    expect(notEnrolled.every((entry) => entry.unavailable?.reason === 'locked')).toBe(true);
    const playlist = toQueue({ ...course, isCourse: false, items }, { ...options, canOpenPremium: true });
    expect(playlist.map((entry) => entry.unavailable)).toEqual([undefined, undefined]);
  });

  it('a stored copy that is gone falls back to a signed link', async () => {
    const [entry] = toQueue(
      { ...course, items: [lesson('b', 0)] },
      { ...options, canOpenPremium: true, getOfflineSource: async () => null },
    );
    expect(await entry?.resolveSrc()).toBe('/signed/b');
  });
});
