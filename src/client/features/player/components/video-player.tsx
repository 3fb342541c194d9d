import { Button } from '@client/components/ui/button';
import { useNamespace } from '@client/lib/i18n';
import { Maximize, Minimize, Play } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { audioPlayer, IDLE_PLAYBACK } from './audio-player-store';
import { MediaControls } from './media-controls';
import { type PlaybackReport, PlaybackTracker, watchPageHidden } from './playback-tracker';
import { MediaErrorNotice } from './player-notice';
import { sessionEnd } from './session-end';
import { usePlaybackReporter } from './use-playback-reporter';
import { useRenewableSource } from './use-renewable-source';

type VideoPlayerProps = {
  item: { id: string; title: string; thumbnailUrl: string | null; duration: number };
  src: string;
  /** When a signed `src` expires (the server's `expiresAt`); null when it does not. */
  expiresAt: string | null;
  /** Saved progress, in seconds. */
  resumeAt: number;
};

type Listening = Extract<PlaybackReport, { kind: 'listening' }>;

/** What the video shows of itself: the audio player's state without a queued track. */
type VideoState = typeof IDLE_PLAYBACK;

/** Reports progress and listening through the same tracker and outbox as the audio player. */
function useVideoPlaybackTracker(): PlaybackTracker & { lastListening: () => Listening | null } {
  const report = usePlaybackReporter();
  const reportRef = useRef(report);
  reportRef.current = report;
  const [tracker] = useState(() => {
    // The session the last listening was recorded as: the end-of-session note is saved on it.
    let last: Listening | null = null;
    const made = new PlaybackTracker((playback) => {
      if (playback.kind === 'listening') last = playback;
      reportRef.current(playback);
    });
    return Object.assign(made, { lastListening: () => last });
  });
  useEffect(() => watchPageHidden(() => tracker.onPageHidden()), [tracker]);
  return tracker;
}

const neverChanges = () => () => {};
/**
 * Whether this browser can show the video full screen. The server renders the page without the
 * button (it cannot know); hydration reads the same answer, then the browser's own (a plain
 * `document.fullscreenEnabled` in render made the HTML differ: React error #418).
 */
const useCanFullscreen = () =>
  useSyncExternalStore(
    neverChanges,
    () => document.fullscreenEnabled,
    () => false,
  );

/** Video plays inline on its page only, with the same calm controls as audio. */
export function VideoPlayer({ item, src, expiresAt, resumeAt }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const tracker = useVideoPlaybackTracker();
  const source = useRenewableSource(item.id, src, expiresAt);
  const i18n = useNamespace('player');
  const [isFullscreen, setIsFullscreen] = useState(false);
  const canFullscreen = useCanFullscreen();
  const [state, setState] = useState<VideoState>({
    ...IDLE_PLAYBACK,
    currentTime: resumeAt,
    duration: item.duration,
  });
  const update = (patch: Partial<VideoState>) => setState((previous) => ({ ...previous, ...patch }));

  // Leaving the page mid-session keeps the place.
  useEffect(() => {
    const video = videoRef.current;
    return () => {
      if (video && !video.ended) tracker.onStop(item.id, video.currentTime);
    };
  }, [tracker, item.id]);

  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const video = () => videoRef.current;
  const renewSource = async (play: boolean) => {
    update({ isBuffering: play, hasError: false });
    const isRenewed = await source.renew({ at: video()?.currentTime ?? state.currentTime, play });
    if (!isRenewed) update({ hasError: true, isPlaying: false, isBuffering: false });
  };
  const togglePlay = () => {
    const element = video();
    if (!element) return;
    // After a long pause the link has expired: carry on from here on a fresh one.
    if (element.paused && source.isStale()) {
      void renewSource(true);
      return;
    }
    if (element.paused) {
      update({ isBuffering: element.readyState < 3 });
      element.play().catch(() => update({ isPlaying: false, isBuffering: false }));
    } else {
      element.pause();
    }
  };
  const seek = (seconds: number) => {
    const element = video();
    const target = Math.min(Math.max(0, seconds), state.duration || seconds);
    if (element) element.currentTime = target;
    update({ currentTime: target });
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void frameRef.current?.requestFullscreen?.().catch(() => {});
  };

  if (state.hasError) {
    return (
      <MediaErrorNotice
        type="video"
        onRetry={() => {
          update({ hasError: false });
          video()?.load();
        }}
      />
    );
  }

  return (
    <div
      ref={frameRef}
      className="group/video relative flex flex-col overflow-hidden rounded-2xl border bg-[#0b1213] text-white shadow-soft [&:fullscreen]:rounded-none [&:fullscreen]:border-0"
    >
      <div className="relative flex-1">
        {/* biome-ignore lint/a11y/useMediaCaption: uploaded sessions carry no caption track yet */}
        <video
          ref={videoRef}
          src={source.src}
          poster={item.thumbnailUrl ?? undefined}
          preload="metadata"
          playsInline
          onClick={togglePlay}
          className="aspect-video size-full bg-black object-contain group-[:fullscreen]/video:aspect-auto"
          onLoadedMetadata={(event) => {
            const element = event.currentTarget;
            const renewed = source.takeResume();
            if (renewed) {
              element.currentTime = renewed.at;
              if (renewed.play) element.play().catch(() => update({ isPlaying: false, isBuffering: false }));
              return;
            }
            const canResume = resumeAt > 0 && resumeAt < element.duration - 1;
            if (canResume) element.currentTime = resumeAt;
            if (Number.isFinite(element.duration)) {
              update({ duration: element.duration, currentTime: canResume ? resumeAt : element.currentTime });
            }
          }}
          onDurationChange={(event) => {
            const { duration } = event.currentTarget;
            if (Number.isFinite(duration)) update({ duration });
          }}
          onPlay={() => {
            // One thing at a time: a video pauses the audio player.
            audioPlayer.pause();
            tracker.onPlay(item.id);
            update({ isPlaying: true });
          }}
          onPlaying={() => {
            source.onPlaying();
            update({ isBuffering: false });
          }}
          onWaiting={() => update({ isBuffering: true })}
          onSeeking={() => tracker.onSeeking()}
          onPause={(event) => {
            update({ isPlaying: false, isBuffering: false });
            if (!event.currentTarget.ended) tracker.onStop(item.id, event.currentTarget.currentTime);
          }}
          onTimeUpdate={(event) => {
            const element = event.currentTarget;
            update({ currentTime: element.currentTime });
            if (!element.paused) tracker.onTimeUpdate(item.id, element.currentTime);
          }}
          onVolumeChange={(event) =>
            update({ volume: event.currentTarget.volume, isMuted: event.currentTarget.muted })
          }
          onEnded={(event) => {
            update({ isPlaying: false });
            tracker.onEnded(item.id, event.currentTarget.duration || event.currentTarget.currentTime);
            const heard = tracker.lastListening();
            // The end-of-session moment, as for audio; a video is never queued, so nothing follows.
            sessionEnd.show({
              trackId: item.id,
              title: item.title,
              sessionId: heard?.itemId === item.id ? heard.sessionId : null,
              seconds: heard?.itemId === item.id ? heard.seconds : 0,
              next: null,
              isNextPlaying: false,
              notice: null,
              origin: null,
            });
          }}
          onError={() => {
            // Most often the link has expired (a long pause): renew it once and carry on.
            if (source.canRenewAfterError()) void renewSource(state.isPlaying || state.isBuffering);
            else update({ hasError: true, isPlaying: false, isBuffering: false });
          }}
        />
        {!state.isPlaying && !state.isBuffering && (
          // A large, quiet play target over the picture; the labelled control is in the bar below.
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            onClick={togglePlay}
            className="absolute inset-0 grid place-items-center bg-black/15 transition-colors hover:bg-black/25"
          >
            <span className="grid size-16 place-items-center rounded-full bg-white/90 text-[#1f2a2e] shadow-lg">
              <Play className="size-7 translate-x-0.5" fill="currentColor" />
            </span>
          </button>
        )}
      </div>
      <MediaControls
        tone="dark"
        className="bg-[#0b1213] px-3 py-3 sm:px-5"
        title={item.title}
        {...state}
        onTogglePlay={togglePlay}
        onSeek={seek}
        onSkip={(delta) => seek((video()?.currentTime ?? state.currentTime) + delta)}
        onVolumeChange={(volume) => {
          const element = video();
          const next = Math.min(1, Math.max(0, Math.round(volume * 10) / 10));
          if (element) {
            element.volume = next;
            if (next > 0) element.muted = false;
          }
          update({ volume: next, isMuted: next > 0 ? false : state.isMuted });
        }}
        onToggleMute={() => {
          const element = video();
          if (element) element.muted = !state.isMuted;
          update({ isMuted: !state.isMuted });
        }}
        extra={
          canFullscreen ? (
            <Button
              variant="ghost"
              size="icon"
              className="text-white hover:bg-white/10"
              aria-label={
                isFullscreen ? i18n._('player.controls.exitFullScreen') : i18n._('player.controls.fullScreen')
              }
              onClick={toggleFullscreen}
            >
              {isFullscreen ? (
                <Minimize strokeWidth={1.5} aria-hidden="true" />
              ) : (
                <Maximize strokeWidth={1.5} aria-hidden="true" />
              )}
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
