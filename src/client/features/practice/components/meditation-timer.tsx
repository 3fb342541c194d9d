import { BreathingCircle } from '@client/components/breathing-circle';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useCurrentUser } from '@client/features/auth';
import { outbox } from '@client/features/outbox';
import { formatPercent } from '@client/lib/format';
import { formatClock } from '@client/lib/format-clock';
import { useNamespace } from '@client/lib/i18n';
import { MAX_PRACTICE_SECONDS } from '@shared/schemas/practice';
import { useQueryClient } from '@tanstack/react-query';
import { Maximize, Pause, Play, Square } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { practiceQueries } from '../api/practice';
import { bellSchedule } from '../bell';
import {
  elapsedSeconds,
  finishTimer,
  pauseTimer,
  resumeTimer,
  settleTimer,
  startTimer,
  type TimerState,
} from '../timer-clock';
import {
  DEFAULT_TIMER_CHOICE,
  MAX_TIMER_MINUTES,
  MIN_TIMER_MINUTES,
  parseDurationMinutes,
  parseIntervalMinutes,
  readTimerPresets,
  removeTimerPreset,
  saveTimerPreset,
  type TimerChoice,
} from '../timer-settings';
import { CalmScreen } from './calm-screen';
import { type SitEnd, SitEndPanel } from './sit-end-panel';
import { formOfChoice, type TimerForm, TimerSettingsForm } from './timer-settings-form';
import { type ScheduledBells, useTimerAudio } from './use-timer-audio';

/** Ending early logs the sit only from this long: a start tapped by mistake is not a session. */
const MIN_LOGGED_SECONDS = 30;

/** The form read as a sit, or the messages that say what to change. */
function readForm(form: TimerForm) {
  const duration = parseDurationMinutes(form.minutesText);
  // While the length is wrong, the interval is held to the longest sit allowed.
  const intervalMax = duration.value ?? MAX_TIMER_MINUTES;
  const interval = parseIntervalMinutes(form.intervalText, intervalMax);
  const { minutesText: _minutes, intervalText: _interval, ...rest } = form;
  const choice: TimerChoice | null =
    duration.value !== undefined && interval.value !== undefined
      ? { ...rest, minutes: duration.value, intervalMinutes: interval.value }
      : null;
  return { choice, durationError: duration.error, intervalError: interval.error, intervalMax };
}

/**
 * The meditation timer: any length from 1 to 180 minutes, bells to begin and end and at intervals
 * (each its own sound), an optional ambient sound, the member's presets, and a calm full-screen
 * view; logs the sit, and then shows its end (sit-end-panel.tsx) in place of the timer.
 */
export function MeditationTimer() {
  const i18n = useNamespace('practice');
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const [form, setForm] = useState<TimerForm>(() => formOfChoice(DEFAULT_TIMER_CHOICE));
  const change = (patch: Partial<TimerForm>) => setForm((current) => ({ ...current, ...patch }));
  const [presets, setPresets] = useState<TimerChoice[]>([]);
  useEffect(() => setPresets(userId ? readTimerPresets(userId) : []), [userId]);
  const [state, setState] = useState<TimerState>({ status: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  const [logged, setLogged] = useState<'none' | 'saved' | 'queued' | 'short'>('none');
  const [isCalm, setIsCalm] = useState(false);
  /** The logged sit whose end panel shows; null while choosing, sitting, or after a short sit. */
  const [ending, setEnding] = useState<SitEnd | null>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const pauseRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the screen has drawn again (the button it was on has gone). */
  const focusNext = useRef<'start' | 'pause' | null>(null);
  const closeCalm = useCallback(() => setIsCalm(false), []);
  const audio = useTimerAudio();
  const scheduled = useRef<ScheduledBells | null>(null);
  const sessionId = useRef<string | null>(null);
  /** The sit as it was begun (the form may be edited again once it is done). */
  const sit = useRef<TimerChoice | null>(null);

  const { choice, durationError, intervalError, intervalMax } = readForm(form);

  const ringsOf = (of: TimerChoice) =>
    bellSchedule(
      Math.min(of.minutes * 60, MAX_PRACTICE_SECONDS),
      of.intervalMinutes > 0 ? of.intervalMinutes * 60 : null,
      of.hasStartAndEndBell,
    );

  const finish = (done: TimerState) => {
    scheduled.current?.cancel();
    scheduled.current = null;
    audio.stopAmbient();
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
    // The sit is over, so the full-screen view gives way to its end, drawn in the timer's place.
    setIsCalm(false);
    setEnding({ sessionId: session.id, seconds });
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

  useEffect(() => {
    const target = focusNext.current === 'start' ? startRef : focusNext.current === 'pause' ? pauseRef : null;
    if (!target?.current) return;
    focusNext.current = null;
    target.current.focus();
  });

  const start = (of: TimerChoice | null = choice) => {
    if (!of) return;
    const at = Date.now();
    sit.current = of;
    sessionId.current = crypto.randomUUID();
    setLogged('none');
    setEnding(null);
    setNow(at);
    setState(startTimer(Math.min(of.minutes * 60, MAX_PRACTICE_SECONDS), at));
    scheduled.current = audio.scheduleRings(ringsOf(of), 0, of);
    audio.playAmbient(of.ambient, of.ambientVolume);
  };
  /** The end panel's "Sit again": the same sit as the one just ended, whatever the form says. */
  const sitAgain = () => {
    focusNext.current = 'pause';
    start(sit.current);
  };
  const closeEnding = () => {
    focusNext.current = 'start';
    setEnding(null);
  };
  const pause = () => {
    scheduled.current?.cancel();
    scheduled.current = null;
    audio.stopAmbient();
    setState(pauseTimer(state, Date.now()));
  };
  const resume = () => {
    const current = sit.current;
    if (!current) return;
    const at = Date.now();
    const next = resumeTimer(state, at);
    setState(next);
    setNow(at);
    // Only the bells still ahead, and no second starting bell.
    scheduled.current = audio.scheduleRings(
      ringsOf(current).filter((ring) => ring.kind !== 'start'),
      elapsedSeconds(next, at),
      current,
    );
    audio.playAmbient(current.ambient, current.ambientVolume);
  };

  const savePreset = () => {
    if (userId && choice) setPresets(saveTimerPreset(userId, choice));
  };

  const durationSeconds = choice ? Math.min(choice.minutes * 60, MAX_PRACTICE_SECONDS) : 0;
  const elapsed = elapsedSeconds(state, now);
  const remaining = Math.max(
    0,
    (state.status === 'idle' ? durationSeconds : state.durationSeconds) - elapsed,
  );
  const isActive = state.status === 'running' || state.status === 'paused';
  const isChoosing = state.status === 'idle' || state.status === 'done';

  const clock = (size: 'sm' | 'lg') => (
    <div className="flex flex-col items-center gap-4 py-2">
      <BreathingCircle size={size === 'lg' ? 'md' : 'sm'} />
      <p
        className={
          size === 'lg'
            ? 'font-display text-7xl tabular-nums tracking-tight sm:text-8xl'
            : 'font-display text-6xl tabular-nums tracking-tight'
        }
        aria-hidden="true"
      >
        {formatClock(state.status === 'done' ? 0 : remaining)}
      </p>
      <p className="sr-only" role="timer" aria-live="off">
        {i18n._('practice.timer.remaining', { time: formatClock(state.status === 'done' ? 0 : remaining) })}
      </p>
      <p className="min-h-6 text-center text-muted-foreground" role="status">
        {state.status === 'running' && i18n._('practice.timer.running')}
        {state.status === 'paused' && i18n._('practice.timer.paused')}
        {logged === 'saved' && i18n._('practice.timer.saved')}
        {logged === 'queued' && i18n._('practice.timer.queued')}
        {logged === 'short' && i18n._('practice.timer.short')}
      </p>
    </div>
  );

  /** The sit's buttons; `isMain` marks the timer's own (not the full-screen view's) for focus. */
  const controls = (isMain: boolean) => (
    <>
      {isChoosing ? (
        <Button size="lg" ref={isMain ? startRef : undefined} onClick={() => start()} disabled={!choice}>
          <Play aria-hidden="true" />
          {state.status === 'done' ? i18n._('practice.timer.sitAgain') : i18n._('practice.timer.begin')}
        </Button>
      ) : null}
      {state.status === 'running' ? (
        <Button size="lg" variant="outline" ref={isMain ? pauseRef : undefined} onClick={pause}>
          <Pause aria-hidden="true" />
          {i18n._('practice.timer.pause')}
        </Button>
      ) : null}
      {state.status === 'paused' ? (
        <Button size="lg" onClick={resume}>
          <Play aria-hidden="true" />
          {i18n._('practice.timer.resume')}
        </Button>
      ) : null}
      {isActive ? (
        <Button size="lg" variant="ghost" onClick={() => finish(finishTimer(state, Date.now()))}>
          <Square aria-hidden="true" />
          {i18n._('practice.timer.end')}
        </Button>
      ) : null}
    </>
  );

  if (ending) {
    return (
      <Card className="grid gap-6 p-5 sm:p-8">
        <SitEndPanel
          end={ending}
          logged={logged === 'saved' || logged === 'queued' ? logged : null}
          onSitAgain={sitAgain}
          onClose={closeEnding}
        />
      </Card>
    );
  }

  return (
    <Card className="grid gap-6 p-5 sm:p-8">
      {isChoosing ? (
        <TimerSettingsForm
          form={form}
          onChange={change}
          durationError={
            durationError &&
            i18n._('practice.timer.durationError', { min: MIN_TIMER_MINUTES, max: MAX_TIMER_MINUTES })
          }
          intervalError={intervalError && i18n._('practice.timer.intervalError', { max: intervalMax })}
          onPreviewBell={audio.previewBell}
          presets={presets}
          onApplyPreset={(preset) => setForm(formOfChoice(preset))}
          onSavePreset={userId && choice ? savePreset : null}
          onRemovePreset={(preset) => userId && setPresets(removeTimerPreset(userId, preset))}
        />
      ) : null}
      {clock('sm')}
      <div className="flex flex-wrap justify-center gap-3">
        {controls(true)}
        <Button size="lg" variant="outline" onClick={() => setIsCalm(true)}>
          <Maximize aria-hidden="true" />
          {i18n._('practice.timer.fullScreen')}
        </Button>
      </div>
      {state.status === 'running' && sit.current?.ambient ? (
        <AmbientVolume
          value={form.ambientVolume}
          onChange={(ambientVolume) => {
            change({ ambientVolume });
            audio.setAmbientVolume(ambientVolume);
          }}
        />
      ) : null}
      {logged === 'saved' || logged === 'queued' ? (
        <p className="text-center text-sm">
          <Link href="/practice" className="font-medium text-primary underline-offset-4 hover:underline">
            {i18n._('practice.timer.seePractice')}
          </Link>
        </p>
      ) : null}
      <CalmScreen isOpen={isCalm} onClose={closeCalm}>
        <div className="grid justify-items-center gap-6">
          {clock('lg')}
          <div className="flex flex-wrap justify-center gap-3">{controls(false)}</div>
        </div>
      </CalmScreen>
    </Card>
  );
}

/** The ambient sound's loudness while it plays, changed without stopping the sit. */
function AmbientVolume({ value, onChange }: { value: number; onChange: (volume: number) => void }) {
  const i18n = useNamespace('practice');
  return (
    <label className="mx-auto grid w-full max-w-xs gap-2 text-sm">
      <span className="font-medium">{i18n._('practice.timer.ambientVolume')}</span>
      <input
        type="range"
        min={0}
        max={100}
        step={5}
        className="h-11 w-full accent-primary"
        value={Math.round(value * 100)}
        aria-valuetext={formatPercent(value)}
        onChange={(event) => onChange(Number(event.target.value) / 100)}
      />
    </label>
  );
}
