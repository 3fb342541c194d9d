import { ContentThumbnail } from '@client/components/content/content-thumbnail';
import { MessageCard } from '@client/components/content/state-cards';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LinkButton } from '@client/components/ui/link-button';
import { useCurrentUser } from '@client/features/auth';
import { outbox } from '@client/features/outbox';
import { playerQueue, type QueuedTrack } from '@client/features/player';
import { formatClock } from '@client/lib/format-clock';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { Trans } from '@lingui/react';
import { hasPremiumAccess } from '@shared/entitlements';
import { Crown, HardDrive, Play, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { type DownloadedItem, downloadsStore, useDownloads } from '../downloads-store';
import { isCheckFresh } from '../entitlement';
import { formatBytes } from '../format';

type StorageEstimate = { usage: number; quota: number } | null;

/** What the browser says it allows this site (`navigator.storage.estimate`), refreshed on change. */
function useStorageEstimate(revision: number): StorageEstimate {
  const [estimate, setEstimate] = useState<StorageEstimate>(null);
  useEffect(() => {
    let isCurrent = true;
    // `revision` is the list's size: a download or removal changes what is used.
    void revision;
    navigator.storage
      ?.estimate?.()
      .then((result) => {
        if (isCurrent && result.quota) setEstimate({ usage: result.usage ?? 0, quota: result.quota });
      })
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, [revision]);
  return estimate;
}

function DownloadRow({
  entry,
  userId,
  canPlay,
  onPlay,
}: {
  entry: DownloadedItem;
  userId: string;
  canPlay: boolean;
  onPlay: (itemId: string) => void;
}) {
  const i18n = useNamespace('downloads');
  const { item } = entry;
  return (
    <li className="flex items-center gap-3 py-3 sm:gap-4">
      <div className="w-24 shrink-0 overflow-hidden rounded-xl sm:w-32">
        <ContentThumbnail src={item.thumbnailUrl} type={item.type} seed={item.id} />
      </div>
      <div className="grid min-w-0 flex-1 gap-1">
        <Link
          href={`/video/${encodeURIComponent(item.id)}`}
          className="line-clamp-2 font-medium wrap-anywhere hover:underline"
        >
          {item.title}
        </Link>
        <p className="text-muted-foreground text-sm tabular-nums">
          {item.duration > 0 ? `${formatClock(item.duration)} · ` : ''}
          {formatBytes(entry.sizeBytes)}
        </p>
        {!canPlay && <p className="text-muted-foreground text-sm">{i18n._('downloads.row.connect')}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {item.type === 'audio' ? (
          <Button
            size="icon"
            variant="outline"
            aria-label={i18n._('downloads.row.play', { title: item.title })}
            disabled={!canPlay}
            onClick={() => onPlay(item.id)}
          >
            <Play aria-hidden="true" />
          </Button>
        ) : (
          <Button
            asChild
            size="icon"
            variant="outline"
            aria-label={i18n._('downloads.row.play', { title: item.title })}
          >
            <Link href={`/video/${encodeURIComponent(item.id)}`}>
              <Play aria-hidden="true" />
            </Link>
          </Button>
        )}
        <Button
          size="icon"
          variant="ghost"
          aria-label={i18n._('downloads.row.remove', { title: item.title })}
          onClick={() => void downloadsStore.remove(userId, item.id)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

function EmptyDownloads({ isPremium }: { isPremium: boolean }) {
  const i18n = useNamespace('downloads');
  return (
    <MessageCard
      title={i18n._('downloads.empty.title')}
      description={isPremium ? i18n._('downloads.empty.premium') : i18n._('downloads.empty.free')}
      action={
        <LinkButton href={isPremium ? '/library' : '/subscribe'} variant="outline">
          {isPremium ? i18n._('downloads.empty.browse') : i18n._('downloads.plans')}
        </LinkButton>
      }
    />
  );
}

function PremiumEndedNotice({ userId }: { userId: string }) {
  const i18n = useNamespace('downloads');
  return (
    <Card role="status" className="grid gap-3 border-secondary/60 p-5">
      <h2 className="font-display font-medium text-xl">{i18n._('downloads.ended.title')}</h2>
      <p className="text-muted-foreground">{i18n._('downloads.ended.message')}</p>
      <div className="flex flex-wrap gap-2">
        <LinkButton href="/subscribe" icon={Crown} size="sm">
          {i18n._('downloads.plans')}
        </LinkButton>
        <Button size="sm" variant="ghost" onClick={() => downloadsStore.dismissPremiumEndedNotice(userId)}>
          {i18n._('downloads.dismiss')}
        </Button>
      </div>
    </Card>
  );
}

/**
 * Plays a downloaded audio session in the app's player, with the other downloaded audio sessions
 * queued around it for the lock screen's previous and next.
 */
function playFromDownloads(userId: string, items: DownloadedItem[], itemId: string, title: string) {
  const pending = outbox.pendingProgress(userId);
  const queue: QueuedTrack[] = items
    .filter((entry) => entry.item.type === 'audio')
    .map(({ item }) => ({
      id: item.id,
      title: item.title,
      thumbnailUrl: item.thumbnailUrl,
      resolveSrc: () => downloadsStore.getOfflineSource(userId, item.id),
      isDownloaded: true,
      startAt: pending[item.id] && !pending[item.id]?.completed ? pending[item.id]?.positionSeconds : 0,
    }));
  playerQueue.set(queue, { title, href: '/downloads' });
  const chosen = queue.find((entry) => entry.id === itemId);
  if (chosen) void playerQueue.play(chosen);
}

/** /downloads: the sessions saved on this device, the space they use, Remove and Remove all. */
export function DownloadsScreen() {
  const i18n = useNamespace('downloads');
  const { name: siteName } = useSite();
  const title = i18n._('downloads.screen.title');
  useDocumentTitle(title);
  const { user } = useCurrentUser();
  const downloads = useDownloads(user?.id ?? null);
  const estimate = useStorageEstimate(downloads.items.length);
  if (!user) return null;
  const used = downloads.items.reduce((total, entry) => total + entry.sizeBytes, 0);
  const canPlay = isCheckFresh(downloads.lastCheckedAt, Date.now());
  const isPremium = hasPremiumAccess(user);

  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{i18n._('downloads.screen.lead')}</p>
      </header>

      {downloads.removedBecausePremiumEnded && <PremiumEndedNotice userId={user.id} />}

      <Card className="flex items-center gap-3 px-4 py-3 text-sm">
        <HardDrive className="size-5 shrink-0 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
        <p className="grid gap-0.5">
          {downloads.items.length === 0 ? (
            <span>{i18n._('downloads.screen.nothing')}</span>
          ) : (
            <span>
              <Trans
                id="downloads.screen.used"
                values={{ size: formatBytes(used), count: downloads.items.length }}
                components={{ 0: <span className="font-medium" /> }}
              />
            </span>
          )}
          {estimate && (
            <span className="text-muted-foreground">
              {i18n._('downloads.screen.quota', {
                site: siteName,
                quota: formatBytes(estimate.quota),
                free: formatBytes(Math.max(0, estimate.quota - estimate.usage)),
              })}
            </span>
          )}
        </p>
      </Card>

      {downloads.items.length === 0 && !downloads.removedBecausePremiumEnded && (
        <EmptyDownloads isPremium={isPremium} />
      )}
      {downloads.items.length > 0 && (
        <section aria-labelledby="downloaded-sessions" className="grid gap-2">
          <div className="flex items-center justify-between gap-3">
            <h2 id="downloaded-sessions" className="font-display font-medium text-2xl">
              {i18n._('downloads.screen.onDevice')}
            </h2>
            <Button variant="ghost" size="sm" onClick={() => void downloadsStore.removeAll(user.id)}>
              <Trash2 aria-hidden="true" />
              {i18n._('downloads.screen.removeAll')}
            </Button>
          </div>
          <ul className="divide-y">
            {downloads.items.map((entry) => (
              <DownloadRow
                key={entry.item.id}
                entry={entry}
                userId={user.id}
                canPlay={canPlay}
                onPlay={(itemId) => playFromDownloads(user.id, downloads.items, itemId, title)}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
