import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useRenewSignedUrl } from '../api/signed-url';
import { audioPlayer, useAudioPlayerState } from './audio-player-store';
import { MiniPlayer } from './mini-player';
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

  const showMiniPlayer = track !== null && !isTrackPage(path, track.id);

  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: spoken meditations; the item page carries the text */}
      <audio ref={audioRef} preload="metadata" data-testid="app-audio" />
      {showMiniPlayer && (
        <>
          {/* Room at the end of the page so the docked player never covers the last lines. */}
          <div aria-hidden="true" className="h-20 shrink-0" />
          <MiniPlayer />
        </>
      )}
    </>
  );
}
