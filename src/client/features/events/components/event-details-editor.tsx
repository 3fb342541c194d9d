import { Button } from '@client/components/ui/button';
import { TextField, UrlField } from '@client/components/ui/field';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, apiJson, apiQuery } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
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
import { RecurrenceField } from './recurrence-field';

type Details = EventDetailsInput & { eventId: string };
const PREVIEW_COUNT = 5;
/** The zones the browser knows, offered as the organiser types one (any IANA name is accepted). */
const TIME_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DDTHH:MM` (a datetime-local value) of an instant in a zone. */
function toLocalInput(instant: string, timeZone: string): string {
  const wall = wallTimeIn(new Date(instant), timeZone);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a form value, not words
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
  const zonesId = useId();
  const i18n = useNamespace('events');
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
      toast({ title: i18n._('events.editor.saved') });
      return queryClient.invalidateQueries({ queryKey: eventQueries.all });
    },
    onError: (error) =>
      toast({
        title: i18n._('events.editor.notSaved'),
        description: error instanceof ApiError ? error.message : i18n._('events.editor.tryAgain'),
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
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={i18n._('events.editor.title')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={i18n._('events.editor.start')}
          type="datetime-local"
          value={state.start}
          onChange={set('start')}
          error={errors.start}
        />
        <TextField
          label={i18n._('events.editor.timeZone')}
          value={state.timeZone}
          onChange={set('timeZone')}
          error={errors.timeZone}
          hint={i18n._('events.editor.timeZoneHint')}
          autoComplete="off"
          list={zonesId}
        />
        <datalist id={zonesId}>
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <TextField
          label={i18n._('events.editor.duration')}
          type="number"
          min={1}
          value={state.durationMinutes}
          onChange={set('durationMinutes')}
          error={errors.durationMinutes}
        />
        <TextField
          label={i18n._('events.editor.capacity')}
          type="number"
          min={1}
          value={state.capacity}
          onChange={set('capacity')}
          error={errors.capacity}
          hint={i18n._('events.editor.capacityHint')}
        />
        <UrlField
          label={i18n._('events.editor.joinUrl')}
          value={state.joinUrl}
          onChange={set('joinUrl')}
          error={errors.joinUrl}
        />
        <TextField
          label={i18n._('events.editor.joinOpens')}
          type="number"
          min={0}
          value={state.joinOpensMinutesBefore}
          onChange={set('joinOpensMinutesBefore')}
          error={errors.joinOpensMinutesBefore}
        />
        <TextField
          label={i18n._('events.editor.location')}
          value={state.location}
          onChange={set('location')}
          error={errors.location}
          autoComplete="off"
        />
        <RecurrenceField
          value={state.recurrence}
          start={state.start}
          onChange={(recurrence) => setState((previous) => ({ ...previous, recurrence }))}
          error={
            errors.recurrence ??
            (state.recurrence.trim()
              ? (recurrenceProblem(state.recurrence.trim().replace(/^RRULE:/i, '')) ?? undefined)
              : undefined)
          }
        />
        <TextField
          label={i18n._('events.editor.skipped')}
          value={state.exceptionDates}
          onChange={set('exceptionDates')}
          error={errors.exceptionDates}
          hint={i18n._('events.editor.skippedHint')}
          autoComplete="off"
        />
        <TextField
          label={i18n._('events.editor.replay')}
          value={state.replay}
          onChange={set('replay')}
          error={errors.replay}
          hint={i18n._('events.editor.replayHint')}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-1">
        <h3 id={previewId} className="font-medium text-sm">
          {i18n._('events.editor.preview')}
        </h3>
        <ul aria-labelledby={previewId} className="grid gap-1 text-muted-foreground text-sm">
          {preview.length === 0 ? (
            <li>{i18n._('events.editor.previewNone')}</li>
          ) : (
            preview.map((start) => <li key={start.toISOString()}>{formatEventTime(start.toISOString())}</li>)
          )}
        </ul>
      </div>
      <Button type="submit" disabled={save.isPending} className="justify-self-start">
        {i18n._('events.editor.save')}
      </Button>
    </form>
  );
}

/** The admin's editor of an event's time, zone, link, capacity and recurrence, with a preview. */
export function EventDetailsEditor({ eventId }: { eventId: string }) {
  const i18n = useNamespace('events');
  const query = useQuery({
    ...apiQuery<Details>('/api/admin/events', encodeURIComponent(eventId)),
    retry: false,
  });
  if (query.isPending) return null;
  const isMissing = query.isError && query.error instanceof ApiError && query.error.status === 404;
  if (query.isError && !isMissing) return null;
  return (
    <details className="rounded-2xl border p-4 sm:p-5" open={isMissing}>
      <summary className="cursor-pointer font-display font-medium text-lg">
        {i18n._('events.editor.title')}
      </summary>
      <div className="pt-4">
        <EditorForm eventId={eventId} details={isMissing ? null : (query.data ?? null)} />
      </div>
    </details>
  );
}
