import { BreathingCircle } from '@client/components/breathing-circle';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { SelectField } from '@client/components/ui/native-select';
import { outbox } from '@client/features/outbox';
import { formatClock } from '@client/lib/format-clock';
import { MAX_PRACTICE_SECONDS } from '@shared/schemas/practice';
import { useQueryClient } from '@tanstack/react-query';
import { Pause, Play, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { practiceQueries } from '../api/practice';
import { bellTimes, scheduleBell } from '../bell';
import {
  elapsedSeconds,
  finishTimer,
  pauseTimer,
  resumeTimer,
  settleTimer,
  startTimer,
  type TimerState,
} from '../timer-clock';
import { minutesLabel } from './week-strip';

export const TIMER_DURATIONS_MINUTES = [1, 3, 5, 10, 15, 20, 30, 45, 60] as const;
const INTERVALS_MINUTES = [1, 2, 3, 5, 10, 15] as const;
/** Ending early logs the sit only from this long: a start tapped by mistake is not a session. */
const MIN_LOGGED_SECONDS = 30;

type Bells = { cancel: () => void };

function useBells() {
  const contextRef = useRef<AudioContext | null>(null);
  const getContext = () => {
    if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return null;
    contextRef.current ??= new AudioContext();
    // Created or resumed inside the tap that starts the timer, as browsers require.
    void contextRef.current.resume();
    return contextRef.current;
  };
  useEffect(() => () => void contextRef.current?.close(), []);
  /** Schedules the bells still to ring, on the audio clock (it keeps time with the screen off). */
  const schedule = (times: number[], fromSecond: number): Bells => {
    const context = getContext();
    if (!context) return { cancel: () => {} };
    const cancels = times
      .filter((at) => at >= fromSecond)
      .map((at) => scheduleBell(context, context.currentTime + 0.05 + (at - fromSecond)));
    return {
      cancel: () => {
        for (const cancel of cancels) cancel();
      },
    };
  };
  return { schedule };
}

type TimerChoice = { minutes: number; interval: number; hasBells: boolean };

/** The meditation timer: a duration, optional interval bells, a bell to begin and end; logs the sit. */
export function MeditationTimer() {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<TimerChoice>({ minutes: 10, interval: 0, hasBells: true });
  const { minutes, interval, hasBells } = choice;
  const change = (patch: Partial<TimerChoice>) => setChoice({ ...choice, ...patch });
  const [state, setState] = useState<TimerState>({ status: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  const [logged, setLogged] = useState<'none' | 'saved' | 'queued' | 'short'>('none');
  const bells = useBells();
  const scheduled = useRef<Bells | null>(null);
  const sessionId = useRef<string | null>(null);

  const durationSeconds = Math.min(minutes * 60, MAX_PRACTICE_SECONDS);
  const times = bellTimes(durationSeconds, interval > 0 ? interval * 60 : null, hasBells);

  const finish = (done: TimerState) => {
    scheduled.current?.cancel();
    scheduled.current = null;
    setState(done);
    if (done.status !== 'done' || !sessionId.current) return;
    const seconds = Math.floor(done.elapsedSeconds);
    if (seconds < MIN_LOGGED_SECONDS) {
      setLogged('short');
      return;
    }
    const session = {
      id: sessionId.current,
      kind: 'timer' as const,
      seconds,
      endedAt: new Date(done.endedAt).toISOString(),
    };
    sessionId.current = null;
    void outbox.submit({ kind: 'practice-session', session }).then((isDelivered) => {
      setLogged(isDelivered ? 'saved' : 'queued');
      return queryClient.invalidateQueries({ queryKey: practiceQueries.all() });
    });
  };

  // The display ticks; the end is decided from wall time, so a sleeping phone ends on time.
  useEffect(() => {
    if (state.status !== 'running') return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      const settled = settleTimer(state, at);
      if (settled.status === 'done') finish(settled);
    };
    const handle = window.setInterval(tick, 250);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(handle);
      document.removeEventListener('visibilitychange', tick);
    };
  });

  // A sit that ends while the page is open and the app is left: cancel the bells.
  useEffect(() => () => scheduled.current?.cancel(), []);

  const start = () => {
    const at = Date.now();
    sessionId.current = crypto.randomUUID();
    setLogged('none');
    setNow(at);
    setState(startTimer(durationSeconds, at));
    scheduled.current = bells.schedule(times, 0);
  };
  const pause = () => {
    scheduled.current?.cancel();
    scheduled.current = null;
    setState(pauseTimer(state, Date.now()));
  };
  const resume = () => {
    const at = Date.now();
    const next = resumeTimer(state, at);
    setState(next);
    setNow(at);
    // Only the bells still ahead, and no second starting bell.
    scheduled.current = bells.schedule(
      times.filter((time) => time > 0),
      elapsedSeconds(next, at),
    );
  };

  const elapsed = elapsedSeconds(state, now);
  const remaining = Math.max(
    0,
    (state.status === 'idle' ? durationSeconds : state.durationSeconds) - elapsed,
  );
  const isActive = state.status === 'running' || state.status === 'paused';

  return (
    <Card className="grid gap-6 p-5 sm:p-8">
      {state.status === 'idle' || state.status === 'done' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Duration"
            values={TIMER_DURATIONS_MINUTES.map(String)}
            labelOf={(value) => minutesLabel(Number(value))}
            value={minutes}
            onChange={(event) => change({ minutes: Number(event.target.value) })}
          />
          <SelectField
            label="Interval bells"
            emptyLabel="None"
            values={INTERVALS_MINUTES.filter((value) => value < minutes).map(String)}
            labelOf={(value) => `Every ${minutesLabel(Number(value))}`}
            value={interval || ''}
            onChange={(event) => change({ interval: Number(event.target.value) })}
          />
          <label className="flex items-center gap-3 text-sm sm:col-span-2">
            <input
              type="checkbox"
              className="size-5 accent-primary"
              checked={hasBells}
              onChange={(event) => change({ hasBells: event.target.checked })}
            />
            A bell at the start and the end
          </label>
        </div>
      ) : null}
      <div className="flex flex-col items-center gap-4 py-2">
        <BreathingCircle size="sm" />
        <p className="font-display text-6xl tabular-nums tracking-tight" aria-hidden="true">
          {formatClock(state.status === 'done' ? 0 : remaining)}
        </p>
        <p className="sr-only" role="timer" aria-live="off">
          {formatClock(remaining)} remaining
        </p>
        <p className="min-h-6 text-center text-muted-foreground" role="status">
          {state.status === 'running' && 'Breathe easily. The bell will tell you when it is time.'}
          {state.status === 'paused' && 'Paused. Carry on whenever you like.'}
          {logged === 'saved' && 'Well done. Your sit has been added to your practice.'}
          {logged === 'queued' &&
            'Well done. Your sit will be added to your practice when you are back online.'}
          {logged === 'short' &&
            'Ended before half a minute, so nothing was logged. Start again whenever you like.'}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {state.status === 'idle' || state.status === 'done' ? (
          <Button size="lg" onClick={start}>
            <Play aria-hidden="true" />
            {state.status === 'done' ? 'Sit again' : 'Begin'}
          </Button>
        ) : null}
        {state.status === 'running' ? (
          <Button size="lg" variant="outline" onClick={pause}>
            <Pause aria-hidden="true" />
            Pause
          </Button>
        ) : null}
        {state.status === 'paused' ? (
          <Button size="lg" onClick={resume}>
            <Play aria-hidden="true" />
            Resume
          </Button>
        ) : null}
        {isActive ? (
          <Button size="lg" variant="ghost" onClick={() => finish(finishTimer(state, Date.now()))}>
            <Square aria-hidden="true" />
            End now
          </Button>
        ) : null}
      </div>
      {logged === 'saved' || logged === 'queued' ? (
        <p className="text-center text-sm">
          <Link href="/practice" className="font-medium text-primary underline-offset-4 hover:underline">
            See your practice
          </Link>
        </p>
      ) : null}
    </Card>
  );
}
