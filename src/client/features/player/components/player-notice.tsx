import { IconCircle } from '@client/components/content/icon-circle';
import { Button } from '@client/components/ui/button';
import { LinkButton } from '@client/components/ui/link-button';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import type { ContentType } from '@shared/content-values';
import { Crown, FileX2, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

type PlayerNoticeProps = {
  tone: 'premium' | 'missing' | 'error';
  title: string;
  description: string;
  action?: ReactNode;
  className?: string;
};

const ICONS = { premium: Crown, missing: FileX2, error: TriangleAlert } as const;

/** What shows where a player cannot: premium, no file yet, or an error (docs/product.md, "Item page"). */
export function PlayerNotice({ tone, title, description, action, className }: PlayerNoticeProps) {
  const Icon = ICONS[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex min-h-64 w-full flex-col items-center justify-center gap-3 rounded-2xl border px-6 py-10 text-center sm:aspect-video sm:min-h-0',
        tone === 'premium'
          ? 'bg-[radial-gradient(circle_at_50%_0%,color-mix(in_srgb,var(--color-clay)_18%,transparent),transparent_65%),linear-gradient(180deg,var(--color-card),var(--color-muted))]'
          : 'bg-[linear-gradient(160deg,var(--color-card),var(--color-muted))]',
        className,
      )}
    >
      <IconCircle icon={Icon} tone={tone === 'premium' ? 'premium' : 'muted'} />
      <h2 className="font-display font-medium text-2xl tracking-tight">{title}</h2>
      <p className="max-w-sm text-muted-foreground">{description}</p>
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}

export function PremiumNotice({ className, description }: { className?: string; description?: string }) {
  const i18n = useNamespace('player');
  return (
    <PlayerNotice
      tone="premium"
      title={i18n._('player.notice.premiumTitle')}
      description={description ?? i18n._('player.notice.premiumSession')}
      action={
        <LinkButton href="/subscribe" icon={Crown}>
          {i18n._('player.notice.upgrade')}
        </LinkButton>
      }
      className={className}
    />
  );
}

/** The item's type names what is missing: an audio item is not a "video" (the messages select on it). */
export function NoMediaNotice({ type }: { type: ContentType }) {
  const i18n = useNamespace('player');
  return (
    <PlayerNotice
      tone="missing"
      title={i18n._('player.notice.noMediaTitle', { type })}
      description={i18n._('player.notice.noMedia', { type })}
    />
  );
}

export function MediaErrorNotice({ type, onRetry }: { type: ContentType; onRetry?: () => void }) {
  const i18n = useNamespace('player');
  return (
    <PlayerNotice
      tone="error"
      title={i18n._('player.notice.errorTitle', { type })}
      description={i18n._('player.notice.error', { type })}
      action={
        onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            {i18n._('player.notice.tryAgain')}
          </Button>
        ) : undefined
      }
    />
  );
}
