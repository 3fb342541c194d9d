import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { practiceQueries } from './api/practice';
import { ListeningTracker } from './listening-tracker';
import { practiceOutbox } from './session-outbox';

/**
 * Reports the seconds heard of a media element as practice sessions (one per item played). It
 * only listens to the element's own events, so the player needs one line: this hook.
 */
export function useListeningSessions(
  mediaRef: RefObject<HTMLMediaElement | null>,
  /** Read when playback starts (a shared element's item can change before React renders). */
  getContentId: () => string | null | undefined,
) {
  const queryClient = useQueryClient();
  const getContentIdRef = useRef(getContentId);
  getContentIdRef.current = getContentId;
  const [tracker] = useState(
    () =>
      new ListeningTracker(({ id, contentId: itemId, seconds }) => {
        void practiceOutbox
          .submit({ id, kind: 'content', contentId: itemId, seconds, endedAt: new Date().toISOString() })
          .then((isDelivered) => {
            if (isDelivered) return queryClient.invalidateQueries({ queryKey: practiceQueries.all() });
          });
      }),
  );

  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return;
    const onPlay = () => {
      const contentId = getContentIdRef.current();
      if (contentId) tracker.onPlay(contentId);
    };
    const onTimeUpdate = () => tracker.onTimeUpdate(media.currentTime);
    const onSeeking = () => tracker.onSeeking();
    const onPause = () => tracker.onPause();
    const onEnded = () => tracker.onEnded();
    const onPageHide = () => tracker.flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') tracker.flush();
    };
    const listeners: [EventTarget, string, () => void][] = [
      [media, 'play', onPlay],
      [media, 'timeupdate', onTimeUpdate],
      [media, 'seeking', onSeeking],
      [media, 'pause', onPause],
      [media, 'ended', onEnded],
      [window, 'pagehide', onPageHide],
      [document, 'visibilitychange', onVisibility],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    return () => {
      tracker.flush();
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    };
  }, [mediaRef, tracker]);
}

/** Sends sessions left over from an earlier visit or from being offline; mounted once for members. */
export function usePracticeOutboxSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const flush = () =>
      void practiceOutbox
        .flush()
        .then(() => queryClient.invalidateQueries({ queryKey: practiceQueries.all() }));
    if (practiceOutbox.pending().length > 0) flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [queryClient]);
}
