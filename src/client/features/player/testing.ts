import { vi } from 'vitest';

/**
 * jsdom has no media playback: `play` and `pause` on any media element announce themselves with
 * their events (as a browser would once playback starts or stops) and `load` does nothing.
 */
export function fakeMediaPlayback() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
}

/**
 * jsdom media elements keep no position: this one's `currentTime` can be set and read, its
 * `duration` is `duration`, and `paused` follows the play and pause events. Returns the position.
 */
export function fakeMediaPosition(element: HTMLMediaElement, duration: number, initial = 0) {
  let position = initial;
  Object.defineProperty(element, 'currentTime', {
    configurable: true,
    get: () => position,
    set: (value: number) => {
      position = value;
    },
  });
  Object.defineProperty(element, 'duration', { value: duration, configurable: true });
  let isPaused = true;
  Object.defineProperty(element, 'paused', { configurable: true, get: () => isPaused });
  element.addEventListener('play', () => {
    isPaused = false;
  });
  element.addEventListener('pause', () => {
    isPaused = true;
  });
  return { get: () => position };
}
