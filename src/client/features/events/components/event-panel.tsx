import { QueryError } from '@client/components/content/state-cards';
import { Button } from '@client/components/ui/button';
import { SkeletonLines } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { getErrorStatus } from '@client/lib/api';
import type { EventOccurrence } from '@shared/schemas/events';
import { CalendarPlus, Users, Video } from 'lucide-react';
import { Link } from 'wouter';
import { eventIcsUrl, useEvent, useRsvp } from '../api/events';

/** "Sunday, 16 March, 19:00 GMT" in the member's own zone (the browser's), or in `timeZone`. */
export function formatEventTime(instant: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(instant));
}

function attendance(occurrence: EventOccurrence): string {
  const going = `${occurrence.goingCount} going`;
  const places = occurrence.capacity === null ? '' : ` of ${occurrence.capacity} places`;
  const waiting = occurrence.waitlistCount ? `, ${occurrence.waitlistCount} on the waitlist` : '';
  return `${going}${places}${waiting}`;
}

const RSVP_WORDS = { going: 'You are going.', waitlist: 'You are on the waitlist.' } as const;

function NextOccurrence({ eventId, occurrence }: { eventId: string; occurrence: EventOccurrence }) {
  const rsvp = useRsvp(eventId);
  const answer = (going: boolean) =>
    rsvp.mutate(
      { going, occurrence: occurrence.startsAt },
      {
        onError: (error) =>
          toast({
            title: 'Your answer was not saved',
            description:
              getErrorStatus(error) === 403
                ? 'This event is for premium members.'
                : 'Please try again in a moment.',
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
          For the organiser: {organiserTime} ({occurrence.timeZone.replaceAll('_', ' ')})
        </p>
      )}
      <p className="flex items-center gap-2 text-sm">
        <Users className="size-4" strokeWidth={1.5} aria-hidden="true" />
        <span data-testid="attendance">{attendance(occurrence)}</span>
      </p>
      <p aria-live="polite" className="text-sm">
        {occurrence.myRsvp ? RSVP_WORDS[occurrence.myRsvp] : ''}
      </p>
      <div className="flex flex-wrap gap-3">
        {occurrence.myRsvp ? (
          <Button variant="outline" disabled={rsvp.isPending} onClick={() => answer(false)}>
            Not going
          </Button>
        ) : (
          <Button disabled={rsvp.isPending} onClick={() => answer(true)}>
            {occurrence.capacity !== null && occurrence.goingCount >= occurrence.capacity
              ? 'Join the waitlist'
              : 'Going'}
          </Button>
        )}
        <Button variant="outline" asChild>
          <a href={eventIcsUrl(eventId)} download>
            <CalendarPlus strokeWidth={1.5} aria-hidden="true" />
            Add to calendar
          </a>
        </Button>
      </div>
      {occurrence.joinUrl ? (
        <Button asChild className="justify-self-start">
          <a href={occurrence.joinUrl} target="_blank" rel="noopener noreferrer">
            <Video strokeWidth={1.5} aria-hidden="true" />
            Join now
          </a>
        </Button>
      ) : (
        occurrence.hasJoinLink && (
          <p className="text-muted-foreground text-sm">
            The join link appears here from{' '}
            <time dateTime={occurrence.joinOpensAt}>{formatEventTime(occurrence.joinOpensAt)}</time>
            {occurrence.isPremium ? ', for premium members' : ''}.
          </p>
        )
      )}
    </div>
  );
}

/** The event part of an event item's page: when (in the member's zone), RSVP, calendar, join. */
export function EventPanel({ eventId }: { eventId: string }) {
  const query = useEvent(eventId);
  if (query.isPending)
    return <SkeletonLines className="grid gap-2" lines={['h-6 w-2/3', 'h-4 w-1/2', 'h-9 w-40']} />;
  // An event item without a time yet (details not set) has no panel.
  if (query.isError && getErrorStatus(query.error) === 404) return null;
  if (query.isError) return <QueryError title="The event's times could not be loaded" query={query} />;
  const [next, ...later] = query.data.occurrences;
  return (
    <section
      aria-labelledby="event-next-heading"
      className="grid gap-4 rounded-2xl border bg-card p-5 text-card-foreground shadow-soft"
    >
      <h2 id="event-next-heading" className="font-display font-medium text-2xl tracking-tight">
        {next ? 'Next session' : 'No upcoming sessions'}
      </h2>
      {next && <NextOccurrence eventId={eventId} occurrence={next} />}
      {later.length > 0 && (
        <div className="grid gap-1">
          <h3 className="font-medium text-sm">Then</h3>
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
            {query.data.replay.type === 'video' ? 'Watch the replay' : 'Listen to the replay'}
          </Link>
          <span className="text-muted-foreground">: {query.data.replay.title}</span>
        </p>
      )}
    </section>
  );
}
