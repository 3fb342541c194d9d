import { useEffect, useRef } from 'react';
import { type AmbientId, type AmbientPlayback, startAmbient } from '../ambient';
import { type BellId, type BellRing, scheduleBell } from '../bell';

export type ScheduledBells = { cancel: () => void };

/**
 * The timer's sound: one AudioContext, created or resumed inside a tap (browsers require it), for
 * the bells scheduled on the audio clock (it keeps time with the screen off), bell previews and the
 * looping ambient sound.
 */
export function useTimerAudio() {
  const contextRef = useRef<AudioContext | null>(null);
  const ambientRef = useRef<AmbientPlayback | null>(null);
  const getContext = () => {
    if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return null;
    contextRef.current ??= new AudioContext();
    void contextRef.current.resume();
    return contextRef.current;
  };
  useEffect(
    () => () => {
      ambientRef.current?.stop();
      void contextRef.current?.close();
    },
    [],
  );

  /** Schedules the bells still to ring from `fromSecond`; interval bells may sound different. */
  const scheduleRings = (
    rings: BellRing[],
    fromSecond: number,
    bells: { bell: BellId; intervalBell: BellId },
  ): ScheduledBells => {
    const context = getContext();
    if (!context) return { cancel: () => {} };
    const cancels = rings
      .filter((ring) => ring.at >= fromSecond)
      .map((ring) =>
        scheduleBell(
          context,
          context.currentTime + 0.05 + (ring.at - fromSecond),
          ring.kind === 'interval' ? bells.intervalBell : bells.bell,
        ),
      );
    return {
      cancel: () => {
        for (const cancel of cancels) cancel();
      },
    };
  };

  const previewBell = (bell: BellId) => {
    const context = getContext();
    if (context) scheduleBell(context, context.currentTime + 0.05, bell);
  };

  const playAmbient = (sound: AmbientId | null, volume: number) => {
    ambientRef.current?.stop();
    ambientRef.current = null;
    const context = sound ? getContext() : null;
    if (context && sound) ambientRef.current = startAmbient(context, sound, volume);
  };
  const stopAmbient = () => playAmbient(null, 0);
  const setAmbientVolume = (volume: number) => ambientRef.current?.setVolume(volume);

  return { scheduleRings, previewBell, playAmbient, stopAmbient, setAmbientVolume };
}
