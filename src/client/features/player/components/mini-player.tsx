import { ContentThumbnail } from '@client/components/content/content-thumbnail';
import { Button } from '@client/components/ui/button';
import { useLoadedNamespace } from '@client/components/ui/use-loaded-namespace';
import { formatClock } from '@client/lib/format-clock';
import { X } from 'lucide-react';
import { Link } from 'wouter';
import { audioPlayer, useAudioPlayerState } from './audio-player-store';
import { PlayPauseIcon } from './media-controls';
import { useUpNext } from './player-queue';

/**
 * The playing session, docked above the bottom tab bar: a way back to it, play/pause and close,
 * and what plays next when it is part of a playlist, course or the downloads.
 */
export function MiniPlayer({ isPlayNextOn = true }: { isPlayNextOn?: boolean }) {
  const { track, isPlaying, isBuffering, currentTime, duration, hasError } = useAudioPlayerState();
  const upNext = useUpNext(track?.id ?? null);
  // Appears on a tap, over any page: it waits for its words rather than suspending the page.
  const i18n = useLoadedNamespace('player');
  if (!track || !i18n) return null;
  const fraction = duration > 0 ? Math.min(1, currentTime / duration) : 0;

  return (
    <section
      aria-label={i18n._('player.mini.region')}
      className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 px-3 pb-2 motion-safe:animate-fade-in"
    >
      <div className="mx-auto max-w-lg overflow-hidden rounded-2xl border bg-popover text-popover-foreground shadow-[0_10px_30px_-12px_rgb(var(--shadow-color)/0.35)]">
        <div className="flex items-center gap-3 p-2 pe-2.5">
          <Link
            href={`/video/${encodeURIComponent(track.id)}`}
            className="flex min-w-0 flex-1 items-center gap-3 rounded-xl outline-none focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ContentThumbnail
              src={track.thumbnailUrl}
              type="audio"
              seed={track.id}
              className="w-16 shrink-0 rounded-lg"
            />
            <span className="grid min-w-0">
              <span className="truncate font-medium text-sm">{track.title}</span>
              <span className="text-muted-foreground text-xs tabular-nums">
                {hasError ? (
                  i18n._('player.mini.unableToPlay')
                ) : (
                  <>
                    {formatClock(currentTime)}
                    {duration > 0 && ` / ${formatClock(duration)}`}
                  </>
                )}
              </span>
              {isPlayNextOn && upNext.entry && (
                <span className="truncate text-muted-foreground text-xs" data-testid="up-next">
                  {i18n._('player.mini.upNext', { title: upNext.entry.title })}
                </span>
              )}
            </span>
          </Link>
          <Button
            size="icon"
            aria-label={
              isPlaying
                ? i18n._('player.controls.pause', { title: track.title })
                : i18n._('player.controls.play', { title: track.title })
            }
            onClick={() => audioPlayer.toggle()}
            disabled={hasError}
          >
            <PlayPauseIcon isBuffering={isBuffering} isPlaying={isPlaying} />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={i18n._('player.mini.close')}
            onClick={() => audioPlayer.close()}
          >
            <X strokeWidth={1.5} aria-hidden="true" />
          </Button>
        </div>
        <div className="h-1 bg-muted" aria-hidden="true">
          <div
            className="h-full bg-primary transition-[width] duration-200 ease-linear"
            style={{ width: `${fraction * 100}%` }}
          />
        </div>
      </div>
    </section>
  );
}
