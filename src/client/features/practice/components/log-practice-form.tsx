import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/field';
import { getErrorMessage } from '@client/lib/api';
import { EARLIEST_PRACTICE_DATE, MAX_PRACTICE_SECONDS } from '@shared/schemas/practice';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { type FormEvent, useState } from 'react';
import { postPracticeSession, practiceQueries } from '../api/practice';

const MAX_MINUTES = MAX_PRACTICE_SECONDS / 60;
const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** Checks the form's two fields; null when they are fine. */
export function validateLogForm(minutesText: string, finishedAtText: string, now: Date) {
  const errors: { minutes?: string; finishedAt?: string } = {};
  const minutes = Number(minutesText);
  if (!minutesText || !Number.isInteger(minutes) || minutes < 1 || minutes > MAX_MINUTES) {
    errors.minutes = `Enter whole minutes, from 1 to ${MAX_MINUTES}`;
  }
  const finishedAt = new Date(finishedAtText);
  if (!finishedAtText || Number.isNaN(finishedAt.getTime())) errors.finishedAt = 'Enter when you finished';
  else if (finishedAt.getTime() > now.getTime() + 60_000) errors.finishedAt = 'That time has not come yet';
  else if (finishedAt < EARLIEST_PRACTICE_DATE) errors.finishedAt = 'Enter a time in 2000 or later';
  return Object.keys(errors).length > 0 ? errors : null;
}

/** "Log a practice": a sit, a walk, a class done away from the app. */
export function LogPracticeForm() {
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState('10');
  const [finishedAt, setFinishedAt] = useState(() => format(new Date(), LOCAL_FORMAT));
  const [errors, setErrors] = useState<{ minutes?: string; finishedAt?: string }>({});
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
          Log a practice
        </h2>
        <p className="text-muted-foreground text-sm">Practised away from the app? Add it here.</p>
      </div>
      <form className="grid gap-4 sm:grid-cols-[8rem_1fr_auto] sm:items-start" noValidate onSubmit={submit}>
        <TextField
          label="Minutes"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_MINUTES}
          value={minutes}
          error={errors.minutes}
          onChange={(event) => {
            setMinutes(event.target.value);
            setStatus('idle');
          }}
        />
        <TextField
          label="Finished at"
          type="datetime-local"
          min="2000-01-01T00:00"
          max={format(new Date(), LOCAL_FORMAT)}
          value={finishedAt}
          error={errors.finishedAt}
          onChange={(event) => {
            setFinishedAt(event.target.value);
            setStatus('idle');
          }}
        />
        <Button type="submit" className="sm:mt-7" isPending={status === 'pending'}>
          Log it
        </Button>
      </form>
      <p role="status" className="text-sm">
        {status === 'saved' && 'Added to your practice. Thank you for taking the time.'}
        {status === 'failed' && (failure ?? 'That could not be saved. Please try again.')}
      </p>
    </Card>
  );
}
