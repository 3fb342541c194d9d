import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { formatPercent } from '@client/lib/format';
import { describeDuration, formatClock } from '@client/lib/format-clock';
import { useNamespace } from '@client/lib/i18n';
import { LoaderCircle, Pause, Play, RotateCcw, RotateCw, Volume1, Volume2, VolumeX } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { SKIP_SECONDS } from './audio-player-store';

export type MediaControlsProps = {
  /** What plays, for the controls' accessible names ("Play Morning Breath"). */
  title: string;
  isPlaying: boolean;
  isBuffering?: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  isMuted: boolean;
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
  onSkip: (deltaSeconds: number) => void;
  onVolumeChange: (volume: number) => void;
  onToggleMute: () => void;
  /** More buttons at the end of the bar (full screen, for video). */
  extra?: ReactNode;
  tone?: 'default' | 'dark';
  className?: string;
};

/** The play button's face: a spinner while buffering, else what pressing it will do. */
export function PlayPauseIcon({ isBuffering, isPlaying }: { isBuffering: boolean; isPlaying: boolean }) {
  if (isBuffering) return <LoaderCircle className="animate-spin" aria-hidden="true" />;
  if (isPlaying) return <Pause fill="currentColor" aria-hidden="true" />;
  return <Play fill="currentColor" className="translate-x-px" aria-hidden="true" />;
}

function fillStyle(fraction: number): CSSProperties {
  return {
    '--range-fill': `${Math.round(Math.min(1, Math.max(0, fraction)) * 1000) / 10}%`,
  } as CSSProperties;
}

/**
 * The player's own controls, shared by audio and video: play/pause, 15-second skips, a seek slider
 * with elapsed and total time, mute and a volume slider from 0 to 1 in steps of 0.1 (docs/product.md).
 * Native buttons and range inputs, so every control works from the keyboard and is announced.
 */
export function MediaControls({
  title,
  isPlaying,
  isBuffering = false,
  currentTime,
  duration,
  volume,
  isMuted,
  onTogglePlay,
  onSeek,
  onSkip,
  onVolumeChange,
  onToggleMute,
  extra,
  tone = 'default',
  className,
}: MediaControlsProps) {
  const safeDuration = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const position = Math.min(currentTime, safeDuration || currentTime);
  const effectiveVolume = isMuted ? 0 : volume;
  const VolumeIcon = effectiveVolume === 0 ? VolumeX : effectiveVolume < 0.5 ? Volume1 : Volume2;
  const i18n = useNamespace('player');
  // eslint-disable-next-line lingui/no-unlocalized-strings -- class lists, not words
  const ghost = tone === 'dark' ? 'text-white hover:bg-white/10' : undefined;

  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center gap-3">
        <span className="w-12 shrink-0 text-end text-xs tabular-nums" aria-hidden="true">
          {formatClock(position)}
        </span>
        <input
          type="range"
          className={cn('media-range flex-1', tone === 'dark' && 'media-range-on-dark')}
          aria-label={i18n._('player.controls.seek', { title })}
          min={0}
          max={safeDuration || 0}
          step={1}
          value={Math.floor(position)}
          disabled={safeDuration === 0}
          aria-valuetext={i18n._('player.controls.position', {
            elapsed: describeDuration(position),
            total: describeDuration(safeDuration),
          })}
          onChange={(event) => onSeek(Number(event.target.value))}
          style={fillStyle(safeDuration ? position / safeDuration : 0)}
        />
        <span className="w-12 shrink-0 text-xs tabular-nums" aria-hidden="true">
          {formatClock(safeDuration)}
        </span>
      </div>
      <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
        <div className="flex min-w-0 items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            className={ghost}
            aria-label={isMuted ? i18n._('player.controls.unmute') : i18n._('player.controls.mute')}
            aria-pressed={isMuted}
            onClick={onToggleMute}
          >
            <VolumeIcon strokeWidth={1.5} aria-hidden="true" />
          </Button>
          <input
            type="range"
            className={cn('media-range w-16 sm:w-24', tone === 'dark' && 'media-range-on-dark')}
            aria-label={i18n._('player.controls.volume')}
            min={0}
            max={1}
            step={0.1}
            value={effectiveVolume}
            aria-valuetext={formatPercent(effectiveVolume)}
            onChange={(event) => onVolumeChange(Number(event.target.value))}
            style={fillStyle(effectiveVolume)}
          />
        </div>
        <div className="flex items-center gap-1 sm:gap-2">
          <Button
            variant="ghost"
            size="icon"
            className={ghost}
            aria-label={i18n._('player.controls.back', { seconds: SKIP_SECONDS })}
            onClick={() => onSkip(-SKIP_SECONDS)}
          >
            <RotateCcw strokeWidth={1.5} aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            className="size-12 [&_svg]:size-5"
            aria-label={
              isPlaying
                ? i18n._('player.controls.pause', { title })
                : i18n._('player.controls.play', { title })
            }
            onClick={onTogglePlay}
          >
            <PlayPauseIcon isBuffering={isBuffering} isPlaying={isPlaying} />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className={ghost}
            aria-label={i18n._('player.controls.forward', { seconds: SKIP_SECONDS })}
            onClick={() => onSkip(SKIP_SECONDS)}
          >
            <RotateCw strokeWidth={1.5} aria-hidden="true" />
          </Button>
        </div>
        <div className="flex justify-end">{extra}</div>
      </div>
    </div>
  );
}
