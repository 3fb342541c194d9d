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
