import { ContentThumbnail } from '@client/components/content/content-thumbnail';
import { useState } from 'react';
import { audioPlayer, useAudioPlayerState } from './audio-player-store';
import { MediaControls } from './media-controls';
import { MediaErrorNotice } from './player-notice';
import { playerQueue } from './player-queue';
import { SleepTimerMenu } from './sleep-timer-menu';

type AudioPlayerProps = {
  item: { id: string; title: string; thumbnailUrl: string | null; duration: number };
  src: string;
  /** When a signed `src` expires (the server's `expiresAt`); null when it does not. */
  expiresAt: string | null;
  /** Saved progress, in seconds. */
  resumeAt: number;
};

/**
 * The item page's view of the app's one audio player: before the first play it shows the item
 * (and where the member left off); once playing it mirrors the shared player, which carries on in
 * the mini-player when the member moves on.
 */
export function AudioPlayer({ item, src, expiresAt, resumeAt }: AudioPlayerProps) {
  const player = useAudioPlayerState();
  const isCurrent = player.track?.id === item.id;
  const [startAt, setStartAt] = useState(resumeAt);

  const load = (from: number) => {
    // Started from a playlist or course the member just looked at: the rest of it follows.
    playerQueue.adoptOffered(item.id);
    audioPlayer.load(
      { id: item.id, title: item.title, thumbnailUrl: item.thumbnailUrl, src, expiresAt },
      { startAt: from },
    );
  };

  if (isCurrent && player.hasError) {
    return <MediaErrorNotice type="audio" onRetry={() => load(player.currentTime)} />;
  }

  const currentTime = isCurrent ? player.currentTime : startAt;
  const duration = isCurrent && player.duration > 0 ? player.duration : item.duration;

  return (
    <div className="overflow-hidden rounded-2xl border bg-card shadow-soft">
      <ContentThumbnail src={item.thumbnailUrl} type="audio" seed={item.id} loading="eager" />
      <MediaControls
        className="p-4 sm:p-5"
        title={item.title}
        isPlaying={isCurrent && player.isPlaying}
        isBuffering={isCurrent && player.isBuffering}
        currentTime={currentTime}
        duration={duration}
        volume={player.volume}
        isMuted={player.isMuted}
        onTogglePlay={() => (isCurrent ? audioPlayer.toggle() : load(startAt))}
        onSeek={(seconds) => (isCurrent ? audioPlayer.seek(seconds) : setStartAt(seconds))}
        onSkip={(delta) =>
          isCurrent
            ? audioPlayer.seekBy(delta)
            : setStartAt((at) => Math.min(Math.max(0, at + delta), duration))
        }
        onVolumeChange={(volume) => audioPlayer.setVolume(volume)}
        onToggleMute={() => audioPlayer.toggleMute()}
        extra={<SleepTimerMenu />}
      />
    </div>
  );
}
