import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaPlayback } from '../testing';
import { audioPlayer } from './audio-player-store';
import { playerQueue } from './player-queue';
import { useMediaSession } from './use-media-session';

type Handler = ((details: { seekTime?: number; seekOffset?: number }) => void) | null;
let handlers: Map<string, Handler>;
let positions: unknown[];
let audio: HTMLAudioElement;
let detach: () => void;

const track = (id: string) => ({
  id,
  title: `Session ${id}`,
  thumbnailUrl: null,
  src: `/offline-media/u/${id}`,
});
const queued = (id: string) => ({ ...track(id), resolveSrc: async () => track(id).src });

beforeEach(() => {
  fakeMediaPlayback();
  handlers = new Map();
  positions = [];
  Object.defineProperty(navigator, 'mediaSession', {
    configurable: true,
    value: {
      metadata: null,
      playbackState: 'none',
      setActionHandler: (action: string, handler: Handler) => handlers.set(action, handler),
      setPositionState: (state: unknown) => positions.push(state),
    },
  });
  audio = document.createElement('audio');
  Object.defineProperty(audio, 'duration', { configurable: true, value: 120 });
  Object.defineProperty(audio, 'readyState', { configurable: true, value: 4 });
  detach = audioPlayer.attach(audio);
});

afterEach(() => {
  act(() => {
    detach();
    audioPlayer.reset();
    playerQueue.set([]);
  });
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaSession');
});

function start(id: string) {
  act(() => {
    audioPlayer.load(track(id));
    audio.dispatchEvent(new Event('loadedmetadata'));
  });
}

describe('lock screen controls', () => {
  it('reports the position and seeks to a point, backward and forward', () => {
    renderHook(() => useMediaSession());
    start('a');
    expect(positions.at(-1)).toEqual({ duration: 120, position: 0, playbackRate: 1 });
    act(() => handlers.get('seekto')?.({ seekTime: 42 }));
    expect(audioPlayer.getState().currentTime).toBe(42);
    expect(positions.at(-1)).toEqual({ duration: 120, position: 42, playbackRate: 1 });
    act(() => handlers.get('seekbackward')?.({}));
    expect(audio.currentTime).toBe(27);
    act(() => handlers.get('seekforward')?.({ seekOffset: 30 }));
    expect(audio.currentTime).toBe(57);
  });

  it('offers next only when a next track is queued, and previous restarts or goes back', async () => {
    renderHook(() => useMediaSession());
    start('solo');
    expect(handlers.get('nexttrack')).toBeNull();
    act(() => audioPlayer.seek(30));
    act(() => handlers.get('previoustrack')?.({}));
    expect(audioPlayer.getState().currentTime).toBe(0);

    act(() => playerQueue.set([queued('a'), queued('b')]));
    start('a');
    expect(handlers.get('nexttrack')).toEqual(expect.any(Function));
    await act(async () => handlers.get('nexttrack')?.({}));
    expect(audioPlayer.getState().track?.id).toBe('b');
    expect(handlers.get('nexttrack')).toBeNull();

    // Near the start, previous goes to the previous track; further in, back to the start.
    await act(async () => handlers.get('previoustrack')?.({}));
    expect(audioPlayer.getState().track?.id).toBe('a');
    act(() => audioPlayer.seek(20));
    act(() => handlers.get('previoustrack')?.({}));
    expect(audioPlayer.getState().track?.id).toBe('a');
    expect(audioPlayer.getState().currentTime).toBe(0);
  });
});
