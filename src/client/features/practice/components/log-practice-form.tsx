import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/field';
import { getErrorMessage } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import { EARLIEST_PRACTICE_DATE, MAX_PRACTICE_SECONDS } from '@shared/schemas/practice';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { type FormEvent, useState } from 'react';
import { postPracticeSession, practiceQueries } from '../api/practice';

const MAX_MINUTES = MAX_PRACTICE_SECONDS / 60;
// eslint-disable-next-line lingui/no-unlocalized-strings -- date-fns patterns, not words
const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";
// eslint-disable-next-line lingui/no-unlocalized-strings -- the input's own value form
const EARLIEST_INPUT = '2000-01-01T00:00';

type LogFormErrors = { minutes?: 'range'; finishedAt?: 'missing' | 'future' | 'tooEarly' };

/** Checks the form's two fields: what is wrong with each (the screen words it), or null when fine. */
export function validateLogForm(minutesText: string, finishedAtText: string, now: Date) {
  const errors: LogFormErrors = {};
  const minutes = Number(minutesText);
  if (!minutesText || !Number.isInteger(minutes) || minutes < 1 || minutes > MAX_MINUTES) {
    errors.minutes = 'range';
  }
  const finishedAt = new Date(finishedAtText);
  if (!finishedAtText || Number.isNaN(finishedAt.getTime())) errors.finishedAt = 'missing';
  else if (finishedAt.getTime() > now.getTime() + 60_000) errors.finishedAt = 'future';
  else if (finishedAt < EARLIEST_PRACTICE_DATE) errors.finishedAt = 'tooEarly';
  return Object.keys(errors).length > 0 ? errors : null;
}

/** "Log a practice": a sit, a walk, a class done away from the app. */
export function LogPracticeForm() {
  const i18n = useNamespace('practice');
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState('10');
  const [finishedAt, setFinishedAt] = useState(() => format(new Date(), LOCAL_FORMAT));
  const [errors, setErrors] = useState<LogFormErrors>({});
  const [status, setStatus] = useState<'idle' | 'pending' | 'saved' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const now = new Date();
    const found = validateLogForm(minutes, finishedAt, now);
    setErrors(found ?? {});
    if (found) return;
    setStatus('pending');
    const ended = new Date(finishedAt);
    try {
      await postPracticeSession({
        id: crypto.randomUUID(),
        kind: 'manual',
        seconds: Number(minutes) * 60,
        endedAt: (ended > now ? now : ended).toISOString(),
      });
      setStatus('saved');
      await queryClient.invalidateQueries({ queryKey: practiceQueries.all() });
    } catch (error) {
      setFailure(getErrorMessage(error));
      setStatus('failed');
    }
  };

  return (
    <Card className="grid gap-4 p-5 sm:p-6" role="region" aria-labelledby="log-practice-title">
      <div className="grid gap-1">
        <h2 id="log-practice-title" className="font-display text-2xl">
          {i18n._('practice.log.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{i18n._('practice.log.lead')}</p>
      </div>
      <form className="grid gap-4 sm:grid-cols-[8rem_1fr_auto] sm:items-start" noValidate onSubmit={submit}>
        <TextField
          label={i18n._('practice.log.minutes')}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_MINUTES}
          value={minutes}
          error={errors.minutes && i18n._('practice.log.minutesError', { max: MAX_MINUTES })}
          onChange={(event) => {
            setMinutes(event.target.value);
            setStatus('idle');
          }}
        />
        <TextField
          label={i18n._('practice.log.finishedAt')}
          type="datetime-local"
          min={EARLIEST_INPUT}
          max={format(new Date(), LOCAL_FORMAT)}
          value={finishedAt}
          error={
            errors.finishedAt === 'missing'
              ? i18n._('practice.log.finishedAtMissing')
              : errors.finishedAt === 'future'
                ? i18n._('practice.log.finishedAtFuture')
                : errors.finishedAt === 'tooEarly'
                  ? i18n._('practice.log.finishedAtTooEarly')
                  : undefined
          }
          onChange={(event) => {
            setFinishedAt(event.target.value);
            setStatus('idle');
          }}
        />
        <Button type="submit" className="sm:mt-7" isPending={status === 'pending'}>
          {i18n._('practice.log.submit')}
        </Button>
      </form>
      <p role="status" className="text-sm">
        {status === 'saved' && i18n._('practice.log.saved')}
        {status === 'failed' && (failure ?? i18n._('practice.log.failed'))}
      </p>
    </Card>
  );
}
