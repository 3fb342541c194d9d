import { IconCircle } from '@client/components/content/icon-circle';
import { Button } from '@client/components/ui/button';
import { LinkButton } from '@client/components/ui/link-button';
import { cn } from '@client/lib/cn';
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

const PREMIUM_SESSION_NOTICE =
  'This session is part of the premium library. Upgrade to listen, watch and save it whenever you like.';

export function PremiumNotice({
  className,
  description = PREMIUM_SESSION_NOTICE,
}: {
  className?: string;
  description?: string;
}) {
  return (
    <PlayerNotice
      tone="premium"
      title="Premium Content"
      description={description}
      action={
        <LinkButton href="/subscribe" icon={Crown}>
          Upgrade Now
        </LinkButton>
      }
      className={className}
    />
  );
}

export function NoMediaNotice() {
  return (
    <PlayerNotice tone="missing" title="No Video File" description="This video hasn't been uploaded yet" />
  );
}

export function MediaErrorNotice({ onRetry }: { onRetry?: () => void }) {
  return (
    <PlayerNotice
      tone="error"
      title="Video Error"
      description="Unable to load video content"
      action={
        onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        ) : undefined
      }
    />
  );
}
