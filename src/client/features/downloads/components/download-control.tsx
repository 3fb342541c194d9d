import { Button } from '@client/components/ui/button';
import { LinkButton } from '@client/components/ui/link-button';
import { useCurrentUser } from '@client/features/auth';
import { useNamespace } from '@client/lib/i18n';
import { useIsOnline } from '@client/lib/online-status';
import { hasPremiumAccess } from '@shared/entitlements';
import type { ContentItem } from '@shared/schemas/content';
import { CircleCheck, Download, Lock, Trash2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { downloadsStore, useDownloads } from '../downloads-store';
import { formatBytes } from '../format';

function Row({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 rounded-2xl border bg-card px-4 py-3"
    >
      {children}
    </section>
  );
}

/**
 * The Download button of an audio or video item: for premium members and admins it saves the
 * session on the device (progress, Cancel, then Downloaded with Remove); for a free member it
 * carries a lock and leads to the plans (downloads are a premium benefit, decision 023).
 */
export function DownloadControl({ item }: { item: ContentItem }) {
  const i18n = useNamespace('downloads');
  const { user } = useCurrentUser();
  const isOnline = useIsOnline();
  const { items, transfers } = useDownloads(user?.id ?? null);
  if (!user) return null;

  if (!hasPremiumAccess(user)) {
    return (
      <Row label={i18n._('downloads.control.region')}>
        <p className="text-muted-foreground text-sm">{i18n._('downloads.control.premiumPitch')}</p>
        <LinkButton
          href="/subscribe"
          icon={Lock}
          variant="outline"
          size="sm"
          aria-label={i18n._('downloads.control.lockedLabel')}
        >
          {i18n._('downloads.control.download')}
        </LinkButton>
      </Row>
    );
  }

  const downloaded = items.find((entry) => entry.item.id === item.id);
  const transfer = transfers[item.id];

  if (downloaded) {
    return (
      <Row label={i18n._('downloads.control.region')}>
        <p className="inline-flex items-center gap-2 font-medium text-primary text-sm">
          <CircleCheck className="size-4.5" aria-hidden="true" />
          {i18n._('downloads.control.downloaded')}
          <span className="font-normal text-muted-foreground">· {formatBytes(downloaded.sizeBytes)}</span>
        </p>
        <Button variant="ghost" size="sm" onClick={() => void downloadsStore.remove(user.id, item.id)}>
          <Trash2 aria-hidden="true" />
          {i18n._('downloads.control.remove')}
        </Button>
      </Row>
    );
  }

  if (transfer?.status === 'downloading') {
    const percent =
      transfer.totalBytes > 0 ? Math.round((transfer.receivedBytes / transfer.totalBytes) * 100) : 0;
    return (
      <Row label={i18n._('downloads.control.region')}>
        <div className="grid min-w-0 flex-1 gap-2">
          <p className="flex justify-between gap-3 text-sm">
            <span className="font-medium">{i18n._('downloads.control.downloading')}</span>
            <span className="whitespace-nowrap text-muted-foreground tabular-nums">
              {transfer.totalBytes > 0
                ? i18n._('downloads.control.progress', {
                    received: formatBytes(transfer.receivedBytes),
                    total: formatBytes(transfer.totalBytes),
                  })
                : i18n._('downloads.control.starting')}
            </span>
          </p>
          <div
            role="progressbar"
            aria-label={i18n._('downloads.control.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-primary/15"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-200 ease-out"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
        <Button variant="outline" size="sm" onClick={() => downloadsStore.cancel(item.id)}>
          <X aria-hidden="true" />
          {i18n._('downloads.control.cancel')}
        </Button>
      </Row>
    );
  }

  return (
    <Row label={i18n._('downloads.control.region')}>
      <div className="grid gap-0.5 text-sm">
        {transfer?.status === 'failed' ? (
          <p role="alert" className="text-destructive">
            {transfer.error}
          </p>
        ) : (
          <p className="text-muted-foreground">
            {isOnline ? i18n._('downloads.control.keep') : i18n._('downloads.control.connect')}
          </p>
        )}
      </div>
      <Button
        size="sm"
        disabled={!isOnline}
        onClick={() => {
          downloadsStore.dismissFailure(item.id);
          void downloadsStore.download(user.id, item);
        }}
      >
        <Download aria-hidden="true" />
        {transfer?.status === 'failed'
          ? i18n._('downloads.control.tryAgain')
          : i18n._('downloads.control.download')}
      </Button>
    </Row>
  );
}
