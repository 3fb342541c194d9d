import { OfflineNotice } from '@client/components/content/state-cards';
import { LinkButton } from '@client/components/ui/link-button';
import { LoadingPlaceholder, Skeleton, SkeletonLines } from '@client/components/ui/skeleton';
import { useCurrentUser } from '@client/features/auth';
import { outbox } from '@client/features/outbox';
import { ApiError } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import { isNetworkError } from '@client/lib/online-status';
import type { ContentItem } from '@shared/schemas/content';
import { LogIn } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useProgress } from '../api/progress';
import { useSignedUrl } from '../api/signed-url';
import { AudioPlayer } from './audio-player';
import { MediaErrorNotice, NoMediaNotice, PlayerNotice, PremiumNotice } from './player-notice';
import { VideoPlayer } from './video-player';

export type SignedUrlOutcome = 'premium' | 'missing' | 'error';

/** docs/product.md, "Item page": player outcomes for a failed signed-URL request. */
export function classifySignedUrlError(error: unknown): SignedUrlOutcome {
  if (!(error instanceof ApiError)) return 'error';
  if (error.status === 402 || error.status === 403) return 'premium';
  if (error.code === 'NO_MEDIA') return 'missing';
  return 'error';
}

/** Where the member left off, unless that was the very end. */
function resumePosition(
  entry: { positionSeconds: number; completed: boolean } | undefined,
  duration: number,
) {
  if (!entry || entry.completed) return 0;
  if (duration > 0 && entry.positionSeconds >= duration - 5) return 0;
  return entry.positionSeconds;
}

/** The outbox tells no one of its changes: `useSyncExternalStore` reads it again at each render. */
const noSubscription = () => () => {};

function PlayerSkeleton() {
  const i18n = useNamespace('player');
  return (
    <LoadingPlaceholder
      label={i18n._('player.loading')}
      className="grid gap-0 overflow-hidden rounded-2xl border bg-card"
    >
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="grid gap-3 p-4 sm:p-5">
        <Skeleton className="h-2 w-full rounded-full" />
        <SkeletonLines
          className="flex justify-center gap-3"
          lines={['size-10 rounded-full', 'size-12 rounded-full', 'size-10 rounded-full']}
        />
      </div>
    </LoadingPlaceholder>
  );
}

/**
 * A copy of the item stored on this device, which plays instead of a signed link. The caller finds
 * it (features/downloads' `useOfflineSource`): the player sits below the downloads feature, which
 * plays its list through the player's queue.
 */
export type OfflineCopy = { status: 'checking' } | { status: 'none' } | { status: 'ready'; src: string };

/** The player of a video or audio item, or the notice that explains why there is none. */
export function MediaPanel({ item, offline }: { item: ContentItem; offline: OfflineCopy }) {
  const i18n = useNamespace('player');
  const { isAuthenticated, user } = useCurrentUser();
  const canRequest = item.hasMedia && isAuthenticated;
  const signedUrl = useSignedUrl(item.id, { isEnabled: canRequest && offline.status === 'none' });
  const progress = useProgress({ isEnabled: canRequest });
  // Listening done offline and not yet sent is newer than what the server knows. It is read
  // afresh at each render, and not while a page the server rendered is taken over: the server
  // could not know it, so the page first matches its markup, then moves the player there.
  const unsentPosition = useSyncExternalStore(
    noSubscription,
    () => {
      const unsent = user ? outbox.pendingProgress(user.id)[item.id] : undefined;
      return unsent ? resumePosition(unsent, item.duration) : null;
    },
    () => null,
  );

  if (!isAuthenticated) {
    return (
      <PlayerNotice
        tone="premium"
        title={i18n._('player.notice.signInTitle')}
        description={i18n._('player.notice.signIn')}
        action={
          <LinkButton href="/api/login" icon={LogIn} native>
            {i18n._('player.notice.signInButton')}
          </LinkButton>
        }
      />
    );
  }
  if (!item.hasMedia) return <NoMediaNotice type={item.type} />;
  if (offline.status === 'checking' || progress.isPending) return <PlayerSkeleton />;
  const resumeAt =
    unsentPosition ??
    resumePosition(
      progress.data?.find((candidate) => candidate.videoId === item.id),
      item.duration,
    );
  const Player = item.type === 'video' ? VideoPlayer : AudioPlayer;
  // A copy on this device does not expire.
  if (offline.status === 'ready') {
    return <Player item={item} src={offline.src} expiresAt={null} resumeAt={resumeAt} />;
  }
  if (signedUrl.isPending) return <PlayerSkeleton />;
  if (signedUrl.isError) {
    if (isNetworkError(signedUrl.error)) return <OfflineNotice />;
    const outcome = classifySignedUrlError(signedUrl.error);
    if (outcome === 'premium') return <PremiumNotice />;
    if (outcome === 'missing') return <NoMediaNotice type={item.type} />;
    return <MediaErrorNotice type={item.type} onRetry={() => signedUrl.refetch()} />;
  }
  const src = signedUrl.data?.signedUrl;
  if (!src) return <MediaErrorNotice type={item.type} />;

  return <Player item={item} src={src} expiresAt={signedUrl.data.expiresAt} resumeAt={resumeAt} />;
}
