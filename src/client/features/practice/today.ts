import { hasPremiumAccess } from '@shared/entitlements';
import type { ContentItem, Playlist } from '@shared/schemas/content';

export type TodayPick = { item: ContentItem; reason: 'calendar' | 'journey' | 'suggestion' };

/** Items a member can start here: audio and video they may play. */
function isPlayable(item: ContentItem, viewer: Parameters<typeof hasPremiumAccess>[0]): boolean {
  return (item.type === 'audio' || item.type === 'video') && (!item.isPremium || hasPremiumAccess(viewer));
}

/**
 * Today's practice: an item scheduled on today's date, else the calendar journey's item for this
 * day of the month, else the shortest item the member can play (a suggestion, said as one).
 */
export function pickToday(input: {
  today: string;
  calendarItems: ContentItem[];
  journey: Playlist | null | undefined;
  suggestions: ContentItem[];
  viewer: Parameters<typeof hasPremiumAccess>[0];
}): TodayPick | null {
  const scheduled = input.calendarItems.filter((item) => item.calendarDates.includes(input.today));
  const scheduledPick = scheduled.find((item) => isPlayable(item, input.viewer)) ?? scheduled[0];
  if (scheduledPick) return { item: scheduledPick, reason: 'calendar' };
  const dayOfMonth = Number(input.today.slice(8, 10));
  const journeyItem = input.journey?.items.find((entry) => entry.dayIndex === dayOfMonth)?.video;
  if (journeyItem) return { item: journeyItem, reason: 'journey' };
  const playable = input.suggestions
    .filter((item) => isPlayable(item, input.viewer) && item.duration > 0)
    .sort((a, b) => a.duration - b.duration);
  return playable[0] ? { item: playable[0], reason: 'suggestion' } : null;
}
