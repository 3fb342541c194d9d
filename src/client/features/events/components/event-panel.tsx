import { QueryError } from '@client/components/content/state-cards';
import { Button } from '@client/components/ui/button';
import { SkeletonLines } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { getErrorStatus } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import { Trans } from '@lingui/react';
import type { EventOccurrence } from '@shared/schemas/events';
import { CalendarPlus, Users, Video } from 'lucide-react';
import { Link } from 'wouter';
import { eventIcsUrl, useEvent, useRsvp } from '../api/events';

/**
 * "Sunday, 16 March, 19:00 GMT" in the member's language, in their own zone (the browser's), or in
 * `timeZone`.
 */
export function formatEventTime(instant: string, timeZone?: string): string {
  return formatDate(instant, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** "1 going of 2 places, 3 on the waitlist": one sentence per case, never glued from pieces. */
function attendance(i18n: I18n, occurrence: EventOccurrence): string {
  const { goingCount: going, capacity, waitlistCount: waiting } = occurrence;
  if (capacity === null) {
    return waiting
      ? i18n._('events.attendance.goingWaiting', { going, waiting })
      : i18n._('events.attendance.going', { going });
  }
  return waiting
    ? i18n._('events.attendance.goingOfPlacesWaiting', { going, capacity, waiting })
    : i18n._('events.attendance.goingOfPlaces', { going, capacity });
}

function NextOccurrence({ eventId, occurrence }: { eventId: string; occurrence: EventOccurrence }) {
  const rsvp = useRsvp(eventId);
  const i18n = useNamespace('events');
  const answer = (going: boolean) =>
    rsvp.mutate(
      { going, occurrence: occurrence.startsAt },
      {
        onError: (error) =>
          toast({
            title: i18n._('events.rsvp.notSaved'),
            description:
              getErrorStatus(error) === 403
                ? i18n._('events.rsvp.premiumOnly')
                : i18n._('events.rsvp.tryAgain'),
            variant: 'destructive',
          }),
      },
    );
  const memberTime = formatEventTime(occurrence.startsAt);
  const organiserTime = formatEventTime(occurrence.startsAt, occurrence.timeZone);
  return (
    <div className="grid gap-3">
      <p className="font-medium text-lg">
        <time dateTime={occurrence.startsAt}>{memberTime}</time>
      </p>
      {organiserTime !== memberTime && (
        <p className="text-muted-foreground text-sm">
          {i18n._('events.organiserTime', {
            time: organiserTime,
            timeZone: occurrence.timeZone.replaceAll('_', ' '),
          })}
        </p>
      )}
      <p className="flex items-center gap-2 text-sm">
        <Users className="size-4" strokeWidth={1.5} aria-hidden="true" />
        <span data-testid="attendance">{attendance(i18n, occurrence)}</span>
      </p>
      <p aria-live="polite" className="text-sm">
        {occurrence.myRsvp === 'going' && i18n._('events.rsvp.going')}
        {occurrence.myRsvp === 'waitlist' && i18n._('events.rsvp.waitlist')}
      </p>
      <div className="flex flex-wrap gap-3">
        {occurrence.myRsvp ? (
          <Button variant="outline" disabled={rsvp.isPending} onClick={() => answer(false)}>
            {i18n._('events.rsvp.notGoing')}
          </Button>
        ) : (
          <Button disabled={rsvp.isPending} onClick={() => answer(true)}>
            {occurrence.capacity !== null && occurrence.goingCount >= occurrence.capacity
              ? i18n._('events.rsvp.joinWaitlist')
              : i18n._('events.rsvp.goingButton')}
          </Button>
        )}
        <Button variant="outline" asChild>
          <a href={eventIcsUrl(eventId)} download>
            <CalendarPlus strokeWidth={1.5} aria-hidden="true" />
            {i18n._('events.addToCalendar')}
          </a>
        </Button>
      </div>
      {occurrence.joinUrl ? (
        <Button asChild className="justify-self-start">
          <a href={occurrence.joinUrl} target="_blank" rel="noopener noreferrer">
            <Video strokeWidth={1.5} aria-hidden="true" />
            {i18n._('events.joinNow')}
          </a>
        </Button>
      ) : (
        occurrence.hasJoinLink && (
          <p className="text-muted-foreground text-sm">
            {occurrence.isPremium ? (
              <Trans
                id="events.joinOpensPremium"
                values={{ time: formatEventTime(occurrence.joinOpensAt) }}
                components={{ 0: <time dateTime={occurrence.joinOpensAt} /> }}
              />
            ) : (
              <Trans
                id="events.joinOpens"
                values={{ time: formatEventTime(occurrence.joinOpensAt) }}
                components={{ 0: <time dateTime={occurrence.joinOpensAt} /> }}
              />
            )}
          </p>
        )
      )}
    </div>
  );
}

/** The event part of an event item's page: when (in the member's zone), RSVP, calendar, join. */
export function EventPanel({ eventId }: { eventId: string }) {
  const query = useEvent(eventId);
  const i18n = useNamespace('events');
  if (query.isPending)
    return <SkeletonLines className="grid gap-2" lines={['h-6 w-2/3', 'h-4 w-1/2', 'h-9 w-40']} />;
  // An event item without a time yet (details not set) has no panel.
  if (query.isError && getErrorStatus(query.error) === 404) return null;
  if (query.isError) return <QueryError title={i18n._('events.failed')} query={query} />;
  const [next, ...later] = query.data.occurrences;
  return (
    <section
      aria-labelledby="event-next-heading"
      className="grid gap-4 rounded-2xl border bg-card p-5 text-card-foreground shadow-soft"
    >
      <h2 id="event-next-heading" className="font-display font-medium text-2xl tracking-tight">
        {next ? i18n._('events.next') : i18n._('events.noneUpcoming')}
      </h2>
      {next && <NextOccurrence eventId={eventId} occurrence={next} />}
      {later.length > 0 && (
        <div className="grid gap-1">
          <h3 className="font-medium text-sm">{i18n._('events.then')}</h3>
          <ul className="grid gap-1 text-muted-foreground text-sm">
            {later.map((occurrence) => (
              <li key={occurrence.startsAt}>
                <time dateTime={occurrence.startsAt}>{formatEventTime(occurrence.startsAt)}</time>
              </li>
            ))}
          </ul>
        </div>
      )}
      {query.data.replay && (
        <p className="text-sm">
          <Link
            href={`/video/${encodeURIComponent(query.data.replay.id)}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            {query.data.replay.type === 'video'
              ? i18n._('events.replay.watch')
              : i18n._('events.replay.listen')}
          </Link>
          <span className="text-muted-foreground">
            {i18n._('events.replay.title', { title: query.data.replay.title })}
          </span>
        </p>
      )}
    </section>
  );
}
