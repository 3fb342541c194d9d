import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { audioPlayer } from './audio-player-store';
import { FADE_SECONDS, fadedVolume, sleepTimer } from './sleep-timer';

beforeEach(() => {
  vi.useFakeTimers();
  audioPlayer.reset();
  audioPlayer.load({ id: 'a', title: 'Evening', thumbnailUrl: null, src: '/a.mp3' }, { autoplay: false });
  audioPlayer.setVolume(0.8);
});
afterEach(() => {
  sleepTimer.cancel();
  audioPlayer.reset();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the sleep timer', () => {
  it.each([
    [0.8, 20_000, 0.8],
    [0.8, FADE_SECONDS * 1000, 0.8],
    [0.8, 5_000, 0.4],
    [1, 0, 0],
  ])('volume %s with %i ms left is %s', (base, remaining, expected) => {
    expect(fadedVolume(base, remaining)).toBeCloseTo(expected);
  });

  it('counts down, fades out over the last seconds, pauses and puts the volume back', () => {
    const pause = vi.spyOn(audioPlayer, 'pause');
    sleepTimer.start(5);
    expect(sleepTimer.getState()).toEqual({ choice: 5, remainingSeconds: 300 });
    vi.advanceTimersByTime(290_000 + 5_000);
    expect(audioPlayer.getState().volume).toBeLessThan(0.8);
    expect(audioPlayer.getState().volume).toBeGreaterThan(0);
    expect(pause).not.toHaveBeenCalled();
    vi.advanceTimersByTime(6_000);
    expect(pause).toHaveBeenCalledTimes(1);
    expect(audioPlayer.getState().volume).toBe(0.8);
    expect(sleepTimer.getState()).toEqual({ choice: null, remainingSeconds: null });
  });

  it('turning it off during the fade gives the volume back', () => {
    sleepTimer.start(10);
    vi.advanceTimersByTime(595_000);
    expect(audioPlayer.getState().volume).toBeLessThan(0.8);
    sleepTimer.cancel();
    expect(audioPlayer.getState().volume).toBe(0.8);
  });

  it('"end of session" waits for the playing session to near its end', () => {
    sleepTimer.start('end');
    expect(sleepTimer.getState()).toEqual({ choice: 'end', remainingSeconds: null });
  });
});
