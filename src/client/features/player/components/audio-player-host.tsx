import { useMemberSettings } from '@client/features/settings';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useRenewSignedUrl } from '../api/signed-url';
import { audioPlayer, useAudioPlayerState } from './audio-player-store';
import { MiniPlayer } from './mini-player';
import { pickNextPlayable, playerQueue } from './player-queue';
import { sessionEnd } from './session-end';
import { SessionEndPanel } from './session-end-panel';
import { useMediaSession } from './use-media-session';
import { usePlaybackReporter } from './use-playback-reporter';

function usePlaybackReporting() {
  const report = usePlaybackReporter();
  useEffect(() => {
    audioPlayer.setPlaybackReporter(report);
    return () => audioPlayer.setPlaybackReporter(null);
  }, [report]);
}

/** Signed media links live minutes: the player asks for a fresh one when its link has expired. */
function useLinkRenewer() {
  const renew = useRenewSignedUrl();
  useEffect(() => {
    audioPlayer.setLinkRenewer(renew);
    return () => audioPlayer.setLinkRenewer(null);
  }, [renew]);
}

/**
 * At a track's end: play next (when the member's setting allows, on by default) and the
 * end-of-session moment, which says what started next or offers it.
 */
function usePlayNext(): boolean {
  const settings = useMemberSettings();
  const isPlayNextOn = settings.data?.playNext ?? true;
  const shouldPlayNext = useRef(isPlayNextOn);
  shouldPlayNext.current = isPlayNextOn;

  useEffect(
    () =>
      audioPlayer.onEnded(async (ended) => {
        const { origin } = playerQueue.getState();
        if (shouldPlayNext.current) {
          const pick = await playerQueue.playNext(ended.trackId);
          sessionEnd.show({
            ...ended,
            notice: pick.notice,
            next: pick.entry,
            isNextPlaying: pick.entry !== null,
            origin,
          });
          return;
        }
        const pick = pickNextPlayable(playerQueue.getState().entries, ended.trackId, {
          isOffline: navigator.onLine === false,
        });
        sessionEnd.show({ ...ended, notice: pick.notice, next: pick.entry, isNextPlaying: false, origin });
      }),
    [],
  );
  return isPlayNextOn;
}

export function isTrackPage(path: string, trackId: string): boolean {
  return path === `/video/${trackId}` || path === `/video/${encodeURIComponent(trackId)}`;
}

/**
 * Mounted once in the app shell for members: holds the app's one `<audio>` element, reports
 * progress and listening, feeds the Media Session, and docks the mini-player above the tab bar whenever the
 * member is somewhere other than the playing item's own page.
 */
export default function AudioPlayerHost() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const { track } = useAudioPlayerState();
  const [path] = useLocation();

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    return audioPlayer.attach(audio);
  }, []);
  usePlaybackReporting();
  useLinkRenewer();
  useMediaSession();
  const isPlayNextOn = usePlayNext();

  const showMiniPlayer = track !== null && !isTrackPage(path, track.id);

  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: spoken meditations; the item page carries the text */}
      <audio ref={audioRef} preload="metadata" data-testid="app-audio" />
      <SessionEndPanel />
      {showMiniPlayer && (
        <>
          {/* Room at the end of the page so the docked player never covers the last lines. */}
          <div aria-hidden="true" className="h-20 shrink-0" />
          <MiniPlayer isPlayNextOn={isPlayNextOn} />
        </>
      )}
    </>
  );
}
