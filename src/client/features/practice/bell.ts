/**
 * Meditation bells made with Web Audio: each is a few partials with a soft attack and an
 * exponential decay. Generated, so no sound file (and no licence) ships with the app
 * (docs/decisions/025-listening-sessions-and-timer-bells.md). The timbres differ by their partials:
 * a struck bowl has inharmonic partials and a long ring, a tingsha is high and bright, a temple gong
 * is low with a slow swell, a wood block is a short knock. Their names are in the practice catalogue.
 */
type Partial = { ratio: number; gain: number; decay: number };
type BellSound = {
  fundamentalHz: number;
  /** How long the longest partial rings, in seconds. */
  seconds: number;
  /** Seconds from silence to the loudest point: a gong blooms, a knock does not. */
  attack: number;
  partials: Partial[];
};

export const BELLS = {
  bowl: {
    fundamentalHz: 432,
    seconds: 6,
    attack: 0.015,
    partials: [
      { ratio: 1, gain: 0.5, decay: 1 },
      { ratio: 2.76, gain: 0.22, decay: 0.6 },
      { ratio: 5.4, gain: 0.1, decay: 0.35 },
      { ratio: 8.93, gain: 0.04, decay: 0.2 },
    ],
  },
  tingsha: {
    fundamentalHz: 1320,
    seconds: 4,
    attack: 0.005,
    partials: [
      { ratio: 1, gain: 0.3, decay: 1 },
      { ratio: 1.006, gain: 0.3, decay: 1 },
      { ratio: 2.02, gain: 0.12, decay: 0.5 },
      { ratio: 3.3, gain: 0.05, decay: 0.25 },
    ],
  },
  gong: {
    fundamentalHz: 110,
    seconds: 9,
    attack: 0.12,
    partials: [
      { ratio: 1, gain: 0.55, decay: 1 },
      { ratio: 1.52, gain: 0.3, decay: 0.8 },
      { ratio: 2.31, gain: 0.18, decay: 0.6 },
      { ratio: 3.73, gain: 0.08, decay: 0.4 },
      { ratio: 5.1, gain: 0.04, decay: 0.25 },
    ],
  },
  wood: {
    fundamentalHz: 820,
    seconds: 0.6,
    attack: 0.002,
    partials: [
      { ratio: 1, gain: 0.6, decay: 1 },
      { ratio: 2.45, gain: 0.2, decay: 0.5 },
      { ratio: 4.1, gain: 0.08, decay: 0.3 },
    ],
  },
} as const satisfies Record<string, BellSound>;

export type BellId = keyof typeof BELLS;
export const BELL_IDS = Object.keys(BELLS) as BellId[];

/** Schedules one bell at `at` (the context's clock); returns a way to silence it. */
export function scheduleBell(
  context: AudioContext,
  at: number,
  bell: BellId = 'bowl',
  volume = 0.6,
): () => void {
  const sound: BellSound = BELLS[bell];
  const master = context.createGain();
  master.gain.value = volume;
  master.connect(context.destination);
  const oscillators = sound.partials.map(({ ratio, gain, decay }) => {
    const oscillator = context.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.value = sound.fundamentalHz * ratio;
    const envelope = context.createGain();
    const end = at + sound.seconds * decay;
    envelope.gain.setValueAtTime(0.0001, at);
    envelope.gain.exponentialRampToValueAtTime(gain, at + sound.attack);
    envelope.gain.exponentialRampToValueAtTime(0.0001, end);
    oscillator.connect(envelope);
    envelope.connect(master);
    oscillator.start(at);
    oscillator.stop(end + 0.05);
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

export type BellRing = { at: number; kind: 'start' | 'interval' | 'end' };

/**
 * When bells ring (seconds from the start): the start, every interval, the end. An interval that
 * falls on the end rings once, as the end bell; an interval as long as the sit adds nothing.
 */
export function bellSchedule(
  durationSeconds: number,
  intervalSeconds: number | null,
  withStartAndEnd: boolean,
): BellRing[] {
  const rings: BellRing[] = [];
  if (withStartAndEnd) rings.push({ at: 0, kind: 'start' });
  if (intervalSeconds && intervalSeconds > 0) {
    for (let at = intervalSeconds; at < durationSeconds; at += intervalSeconds) {
      rings.push({ at, kind: 'interval' });
    }
  }
  if (withStartAndEnd) rings.push({ at: durationSeconds, kind: 'end' });
  return rings;
}

/** The times alone, for a sit with one bell throughout. */
export function bellTimes(durationSeconds: number, intervalSeconds: number | null, withStartAndEnd: boolean) {
  return bellSchedule(durationSeconds, intervalSeconds, withStartAndEnd).map((ring) => ring.at);
}
