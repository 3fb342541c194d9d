import type { EventOccurrence } from '@shared/schemas/events.ts';
import ical from 'ical-generator';

/**
 * ICS files (RFC 5545) through ical-generator: one VEVENT per occurrence, in UTC, each with a
 * stable UID so a calendar app updates it in place when the feed is fetched again. Occurrences are
 * expanded here rather than written as an RRULE, so a feed can hold only the occurrences a member
 * answered, and no VTIMEZONE has to be generated (docs/decisions/088-events-expanded-in-ics.md).
 *
 * The join link is never written into a file: a calendar keeps what it downloads and forwards it
 * with the invitation, so the file points to the event's page, which shows the link to members
 * entitled to it once it opens.
 */
export function writeEventsIcs(
  occurrences: readonly EventOccurrence[],
  options: { name: string; publicUrl: string; ttlSeconds?: number },
): string {
  const host = new URL(options.publicUrl).host;
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Stillpoint', product: 'events', language: 'EN' },
    ...(options.ttlSeconds ? { ttl: options.ttlSeconds } : {}),
  });
  for (const occurrence of occurrences) {
    const pageUrl = `${options.publicUrl}/video/${occurrence.eventId}`;
    calendar.createEvent({
      id: `${occurrence.eventId}-${occurrence.startsAt.replace(/[-:.]/g, '')}@${host}`,
      start: new Date(occurrence.startsAt),
      end: new Date(occurrence.endsAt),
      summary: occurrence.title,
      description: `${occurrence.hasJoinLink ? 'Join from the event page when it opens' : 'Details on the event page'}: ${pageUrl}`,
      location: occurrence.location,
      url: pageUrl,
    });
  }
  return calendar.toString();
}
