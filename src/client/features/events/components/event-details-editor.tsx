import { Button } from '@client/components/ui/button';
import { TextField, UrlField } from '@client/components/ui/field';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, apiJson, apiQuery } from '@client/lib/api';
import { instantOfWallTime, nextOccurrences, wallTimeIn } from '@shared/event-occurrences';
import {
  DEFAULT_JOIN_OPENS_MINUTES,
  type EventDetailsInput,
  EventDetailsInputSchema,
  recurrenceProblem,
} from '@shared/schemas/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { eventQueries } from '../api/events';
import { formatEventTime } from './event-panel';

type Details = EventDetailsInput & { eventId: string };
const PREVIEW_COUNT = 5;
const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DDTHH:MM` (a datetime-local value) of an instant in a zone. */
function toLocalInput(instant: string, timeZone: string): string {
  const wall = wallTimeIn(new Date(instant), timeZone);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** The instant of a datetime-local value read in a zone; null while incomplete. */
function fromLocalInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  try {
    return instantOfWallTime({ year, month, day, hour, minute, second: 0 }, timeZone).toISOString();
  } catch {
    return null;
  }
}

type FormState = {
  start: string;
  timeZone: string;
  durationMinutes: string;
  location: string;
  joinUrl: string;
  joinOpensMinutesBefore: string;
  capacity: string;
  recurrence: string;
  exceptionDates: string;
  replay: string;
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function initialState(details: Details | null): FormState {
  const timeZone = details?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return {
    start: details ? toLocalInput(details.startsAt, timeZone) : '',
    timeZone,
    durationMinutes: String(details?.durationMinutes ?? 30),
    location: details?.location ?? '',
    joinUrl: details?.joinUrl ?? '',
    joinOpensMinutesBefore: String(details?.joinOpensMinutesBefore ?? DEFAULT_JOIN_OPENS_MINUTES),
    capacity: details?.capacity ? String(details.capacity) : '',
    recurrence: details?.recurrence ?? '',
    exceptionDates: (details?.exceptionDates ?? []).join(', '),
    replay: details?.replayItemId ? `/video/${details.replayItemId}` : '',
  };
}

function toInput(state: FormState) {
  return {
    startsAt: fromLocalInput(state.start, state.timeZone) ?? state.start,
    timeZone: state.timeZone.trim(),
    durationMinutes: Number(state.durationMinutes),
    location: state.location,
    joinUrl: state.joinUrl,
    joinOpensMinutesBefore: Number(state.joinOpensMinutesBefore),
    capacity: state.capacity.trim() ? Number(state.capacity) : null,
    recurrence: state.recurrence,
    exceptionDates: state.exceptionDates
      .split(',')
      .map((date) => date.trim())
      .filter(Boolean),
    // The item's page link as the admin pastes it (or its id); anything else is left for the
    // schema to refuse with its message.
    replayItemId: state.replay.trim() ? (UUID.exec(state.replay)?.[0] ?? state.replay.trim()) : null,
  };
}

function EditorForm({ eventId, details }: { eventId: string; details: Details | null }) {
  const queryClient = useQueryClient();
  const previewId = useId();
  const [state, setState] = useState(() => initialState(details));
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const set = (name: keyof FormState) => (event: { target: { value: string } }) =>
    setState((previous) => ({ ...previous, [name]: event.target.value }));

  const preview = useMemo(() => {
    const parsed = EventDetailsInputSchema.safeParse(toInput(state));
    if (!parsed.success) return [];
    const { startsAt, timeZone, durationMinutes, recurrence, exceptionDates } = parsed.data;
    return nextOccurrences(
      { startsAt: new Date(startsAt), timeZone, durationMinutes, recurrence, exceptionDates },
      new Date(),
      PREVIEW_COUNT,
    );
  }, [state]);

  const save = useMutation({
    mutationFn: (input: EventDetailsInput) =>
      apiJson<Details>('PUT', `/api/admin/events/${encodeURIComponent(eventId)}`, input),
    onSuccess: () => {
      toast({ title: 'Event time saved' });
      return queryClient.invalidateQueries({ queryKey: eventQueries.all });
    },
    onError: (error) =>
      toast({
        title: 'The event time was not saved',
        description: error instanceof ApiError ? error.message : 'Please try again.',
        variant: 'destructive',
      }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = EventDetailsInputSchema.safeParse(toInput(state));
    if (!parsed.success) {
      const found: Partial<Record<keyof FormState, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        const name = (
          field === 'startsAt' ? 'start' : field === 'replayItemId' ? 'replay' : field
        ) as keyof FormState;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(toInput(state));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Event time (admin)">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Starts (organiser's time)"
          type="datetime-local"
          value={state.start}
          onChange={set('start')}
          error={errors.start}
        />
        <TextField
          label="Time zone"
          value={state.timeZone}
          onChange={set('timeZone')}
          error={errors.timeZone}
          hint="An IANA name, like Europe/London."
          autoComplete="off"
        />
        <TextField
          label="Duration (minutes)"
          type="number"
          min={1}
          value={state.durationMinutes}
          onChange={set('durationMinutes')}
          error={errors.durationMinutes}
        />
        <TextField
          label="Capacity"
          type="number"
          min={1}
          value={state.capacity}
          onChange={set('capacity')}
          error={errors.capacity}
          hint="Empty for no limit."
        />
        <UrlField label="Join link" value={state.joinUrl} onChange={set('joinUrl')} error={errors.joinUrl} />
        <TextField
          label="Join link opens (minutes before)"
          type="number"
          min={0}
          value={state.joinOpensMinutesBefore}
          onChange={set('joinOpensMinutesBefore')}
          error={errors.joinOpensMinutesBefore}
        />
        <TextField
          label="Location"
          value={state.location}
          onChange={set('location')}
          error={errors.location}
          autoComplete="off"
        />
        <TextField
          label="Repeats (RRULE)"
          value={state.recurrence}
          onChange={set('recurrence')}
          error={
            errors.recurrence ??
            (state.recurrence.trim()
              ? (recurrenceProblem(state.recurrence.trim().replace(/^RRULE:/i, '')) ?? undefined)
              : undefined)
          }
          hint="Empty for once; FREQ=WEEKLY;BYDAY=SU for every Sunday; FREQ=MONTHLY;BYDAY=1FR for the first Friday."
          autoComplete="off"
        />
        <TextField
          label="Skipped dates"
          value={state.exceptionDates}
          onChange={set('exceptionDates')}
          error={errors.exceptionDates}
          hint="YYYY-MM-DD, separated by commas."
          autoComplete="off"
        />
        <TextField
          label="Replay"
          value={state.replay}
          onChange={set('replay')}
          error={errors.replay}
          hint="After the session: upload its recording to the library, then paste that item's page link here."
          autoComplete="off"
        />
      </div>
      <div className="grid gap-1">
        <h3 id={previewId} className="font-medium text-sm">
          Next sessions (your time)
        </h3>
        <ul aria-labelledby={previewId} className="grid gap-1 text-muted-foreground text-sm">
          {preview.length === 0 ? (
            <li>None yet: set a start in the future or a rule.</li>
          ) : (
            preview.map((start) => <li key={start.toISOString()}>{formatEventTime(start.toISOString())}</li>)
          )}
        </ul>
      </div>
      <Button type="submit" disabled={save.isPending} className="justify-self-start">
        Save event time
      </Button>
    </form>
  );
}

/** The admin's editor of an event's time, zone, link, capacity and recurrence, with a preview. */
export function EventDetailsEditor({ eventId }: { eventId: string }) {
  const query = useQuery({
    ...apiQuery<Details>('/api/admin/events', encodeURIComponent(eventId)),
    retry: false,
  });
  if (query.isPending) return null;
  const isMissing = query.isError && query.error instanceof ApiError && query.error.status === 404;
  if (query.isError && !isMissing) return null;
  return (
    <details className="rounded-2xl border p-4 sm:p-5" open={isMissing}>
      <summary className="cursor-pointer font-display font-medium text-lg">Event time (admin)</summary>
      <div className="pt-4">
        <EditorForm eventId={eventId} details={isMissing ? null : (query.data ?? null)} />
      </div>
    </details>
  );
}
