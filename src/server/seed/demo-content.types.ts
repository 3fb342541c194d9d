import type { ContentType, Intensity } from '@shared/schemas/content.ts';

/** One demo content item. Files live in ./demo-media and are copied into storage at seed time. */
export type DemoItem = {
  /** Stable key (kebab-case), used to make seeding idempotent and to reference items in playlists. */
  key: string;
  title: string;
  description: string;
  type: ContentType;
  isPremium: boolean;
  tags: string[];
  intensity: Intensity | null;
  /** Seconds; for audio/video the real length of the media file. */
  duration: number;
  /** File name in ./demo-media (a WebP thumbnail, 16:9). */
  thumbnail: string;
  /** File name in ./demo-media of the audio/video, or null (posts, events, streaming items). */
  mediaFile: string | null;
  /** A streaming URL instead of a file (rare; null normally). */
  videoUrl: string | null;
  /** Days of the current month (1..28) on which the item appears in the calendar. */
  calendarDays: number[];
  /** A live event's time: weekly on `weekday` at `time` in `timeZone` (events come from /api/events). */
  event?: {
    /** RRULE weekday: 'SU', 'MO', … */
    weekday: 'SU' | 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA';
    /** Local time, HH:MM, in the organiser's zone. */
    time: string;
    timeZone: string;
    durationMinutes: number;
    joinUrl: string;
  };
};

export type DemoPlaylist = {
  slug: string;
  title: string;
  description: string;
  isCalendar: boolean;
  /** Item keys in order; for calendar playlists, dayIndex = position + 1. */
  itemKeys: string[];
  /**
   * A course (members enrol): for each item, in order, the days after enrolment it unlocks
   * (the drip; 0 is at once).
   */
  course?: { unlockAfterDays: number[] };
};
