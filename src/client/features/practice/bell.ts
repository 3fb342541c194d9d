/**
 * A meditation bell made with Web Audio: a few inharmonic partials (as a struck bowl has), each
 * with a soft attack and a long exponential decay. Generated, so no sound file (and no licence)
 * ships with the app (docs/decisions/025-listening-sessions-and-timer-bells.md).
 */
const PARTIALS = [
  { ratio: 1, gain: 0.5, decay: 1 },
  { ratio: 2.76, gain: 0.22, decay: 0.6 },
  { ratio: 5.4, gain: 0.1, decay: 0.35 },
  { ratio: 8.93, gain: 0.04, decay: 0.2 },
];
export const BELL_FUNDAMENTAL_HZ = 432;
export const BELL_SECONDS = 6;

/** Schedules one bell at `at` (the context's clock); returns a way to silence it. */
export function scheduleBell(context: AudioContext, at: number, volume = 0.6): () => void {
  const master = context.createGain();
  master.gain.value = volume;
  master.connect(context.destination);
  const oscillators = PARTIALS.map(({ ratio, gain, decay }) => {
    const oscillator = context.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.value = BELL_FUNDAMENTAL_HZ * ratio;
    const envelope = context.createGain();
    envelope.gain.setValueAtTime(0.0001, at);
    envelope.gain.exponentialRampToValueAtTime(gain, at + 0.015);
    envelope.gain.exponentialRampToValueAtTime(0.0001, at + BELL_SECONDS * decay);
    oscillator.connect(envelope);
    envelope.connect(master);
    oscillator.start(at);
    oscillator.stop(at + BELL_SECONDS * decay + 0.05);
    return oscillator;
  });
  return () => {
    for (const oscillator of oscillators) {
      try {
        oscillator.stop();
      } catch {
        // Not started yet or already stopped.
      }
    }
    master.disconnect();
  };
}

/** The times (seconds from the start) at which bells ring: start, each interval, end. */
export function bellTimes(durationSeconds: number, intervalSeconds: number | null, withStartAndEnd: boolean) {
  const times: number[] = [];
  if (withStartAndEnd) times.push(0);
  if (intervalSeconds && intervalSeconds > 0) {
    for (let at = intervalSeconds; at < durationSeconds; at += intervalSeconds) times.push(at);
  }
  if (withStartAndEnd) times.push(durationSeconds);
  return times;
}
