import { hasPremiumAccess } from '@shared/entitlements';
import type { ContentItem } from '@shared/schemas/content';
import type { JourneyDay } from '@shared/schemas/journeys';

export type TodayPick = { item: ContentItem; reason: 'calendar' | 'journey' | 'suggestion' };

type Viewer = Parameters<typeof hasPremiumAccess>[0];

/** Items the member may open: free ones, or every one with premium access. */
const isOpen = (item: ContentItem, viewer: Viewer) => !item.isPremium || hasPremiumAccess(viewer);

/** Items a member can start here: audio and video they may play. */
function isPlayable(item: ContentItem, viewer: Viewer): boolean {
  return (item.type === 'audio' || item.type === 'video') && isOpen(item, viewer);
}

/** An item Today may suggest: one the member can play, with a known length. */
export function isSuggestible(item: ContentItem, viewer: Viewer): boolean {
  return isPlayable(item, viewer) && item.duration > 0;
}

/**
 * Today's practice: an item scheduled on today's date, else the item of a journey scheduled for
 * this month on today's date, else the shortest item the member can play (a suggestion, said as one). A
 * suggestion is always something the member may open: a premium item for today is passed over for
 * a free member while anything else is there, and named only when nothing else is (the card marks
 * it premium), so a new member's first step is never a paywall while a free session exists.
 */
export function pickToday(input: {
  today: string;
  calendarItems: ContentItem[];
  /** The month's scheduled journey days (`GET /api/journeys/month`), each on its date. */
  journeyDays: readonly JourneyDay[];
  suggestions: ContentItem[];
  viewer: Parameters<typeof hasPremiumAccess>[0];
}): TodayPick | null {
  const { viewer } = input;
  const scheduled = input.calendarItems.filter((item) => item.calendarDates.includes(input.today));
  const scheduledPick =
    scheduled.find((item) => isPlayable(item, viewer)) ?? scheduled.find((item) => isOpen(item, viewer));
  if (scheduledPick) return { item: scheduledPick, reason: 'calendar' };
  const journeyItem = input.journeyDays.find((day) => day.date === input.today)?.item;
  if (journeyItem && isOpen(journeyItem, viewer)) return { item: journeyItem, reason: 'journey' };
  const playable = input.suggestions
    .filter((item) => isSuggestible(item, viewer))
    .sort((a, b) => a.duration - b.duration);
  if (playable[0]) return { item: playable[0], reason: 'suggestion' };
  if (scheduled[0]) return { item: scheduled[0], reason: 'calendar' };
  return journeyItem ? { item: journeyItem, reason: 'journey' } : null;
}
