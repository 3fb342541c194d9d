/**
 * The timer's clock, from wall time rather than counted ticks: a phone that sleeps or a tab the
 * browser throttles still ends on time, and the session logged says how long was really sat.
 */
export type TimerState =
  | { status: 'idle' }
  | { status: 'running'; durationSeconds: number; startedAt: number; elapsedBefore: number }
  | { status: 'paused'; durationSeconds: number; elapsedBefore: number }
  | { status: 'done'; durationSeconds: number; elapsedSeconds: number; endedAt: number };

export function elapsedSeconds(state: TimerState, now: number): number {
  switch (state.status) {
    case 'idle':
      return 0;
    case 'running':
      return Math.min(state.durationSeconds, state.elapsedBefore + (now - state.startedAt) / 1000);
    case 'paused':
      return state.elapsedBefore;
    case 'done':
      return state.elapsedSeconds;
  }
}

export function startTimer(durationSeconds: number, now: number): TimerState {
  return { status: 'running', durationSeconds, startedAt: now, elapsedBefore: 0 };
}

export function pauseTimer(state: TimerState, now: number): TimerState {
  if (state.status !== 'running') return state;
  return {
    status: 'paused',
    durationSeconds: state.durationSeconds,
    elapsedBefore: elapsedSeconds(state, now),
  };
}

export function resumeTimer(state: TimerState, now: number): TimerState {
  if (state.status !== 'paused') return state;
  return {
    status: 'running',
    durationSeconds: state.durationSeconds,
    startedAt: now,
    elapsedBefore: state.elapsedBefore,
  };
}

/** A running timer whose time is up becomes done, ended at the moment it was due (not when noticed). */
export function settleTimer(state: TimerState, now: number): TimerState {
  if (state.status !== 'running') return state;
  const elapsed = elapsedSeconds(state, now);
  if (elapsed < state.durationSeconds) return state;
  const dueAt = state.startedAt + (state.durationSeconds - state.elapsedBefore) * 1000;
  return {
    status: 'done',
    durationSeconds: state.durationSeconds,
    elapsedSeconds: state.durationSeconds,
    endedAt: dueAt,
  };
}

/** Ending early keeps what was sat. */
export function finishTimer(state: TimerState, now: number): TimerState {
  if (state.status !== 'running' && state.status !== 'paused') return state;
  return {
    status: 'done',
    durationSeconds: state.durationSeconds,
    elapsedSeconds: elapsedSeconds(state, now),
    endedAt: now,
  };
}
