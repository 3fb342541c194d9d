import { useSite } from '@client/lib/site';
import { useEffect } from 'react';
import { audioPlayer, SKIP_SECONDS, useAudioPlayerState } from './audio-player-store';
import { playerQueue, useUpNext } from './player-queue';

/** Within this many seconds of the start, "previous" goes to the previous track, else to the start. */
const RESTART_THRESHOLD_SECONDS = 3;

function hasMediaSession(): boolean {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator;
}

function setHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // An action this browser does not support.
  }
}

/**
 * Lock screen and headset controls (Media Session API), where the browser has them: the title and
 * artwork, play and pause, seeking backward, forward and to a point, previous and next (through
 * the queue), and the position, so the lock screen's progress bar is right.
 */
export function useMediaSession() {
  const { track, isPlaying, currentTime, duration } = useAudioPlayerState();
  // Renders again when the queue changes, so "next" is offered exactly when there is one; like
  // play next, it passes over what cannot play (a locked lesson, premium, not downloaded offline).
  const upNext = useUpNext(track?.id ?? null).entry;
  const { name: siteName } = useSite();

  useEffect(() => {
    if (!hasMediaSession()) return;
    const session = navigator.mediaSession;
    if (!track) {
      session.metadata = null;
      return;
    }
    if (typeof MediaMetadata !== 'undefined') {
      session.metadata = new MediaMetadata({
        title: track.title,
        artist: siteName,
        artwork: track.thumbnailUrl ? [{ src: new URL(track.thumbnailUrl, window.location.href).href }] : [],
      });
    }
    const next = upNext;
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['play', () => audioPlayer.play()],
      ['pause', () => audioPlayer.pause()],
      ['seekbackward', (details) => audioPlayer.seekBy(-(details.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (details) => audioPlayer.seekBy(details.seekOffset ?? SKIP_SECONDS)],
      [
        'seekto',
        (details) => {
          if (details.seekTime !== undefined) audioPlayer.seek(details.seekTime);
        },
      ],
      [
        'previoustrack',
        () => {
          const previous = playerQueue.neighbour(track.id, -1);
          if (previous && audioPlayer.getState().currentTime < RESTART_THRESHOLD_SECONDS) {
            void playerQueue.play(previous);
          } else {
            audioPlayer.seek(0);
          }
        },
      ],
      // Offered only when there is a next track.
      ['nexttrack', next ? () => void playerQueue.play(next) : null],
    ];
    for (const [action, handler] of handlers) setHandler(action, handler);
    return () => {
      for (const [action] of handlers) setHandler(action, null);
    };
  }, [track, upNext, siteName]);

  useEffect(() => {
    if (!hasMediaSession()) return;
    navigator.mediaSession.playbackState = track ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [track, isPlaying]);

  useEffect(() => {
    if (!hasMediaSession() || !track || !(duration > 0)) return;
    try {
      navigator.mediaSession.setPositionState?.({
        duration,
        position: Math.min(Math.max(0, currentTime), duration),
        playbackRate: 1,
      });
    } catch {
      // A position the browser refuses (for example during a source change): the next one will do.
    }
  }, [track, currentTime, duration]);
}
