import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { OfflineNotice } from '@client/features/pwa/components/offline-notice';
import { useIsOnline } from '@client/features/pwa/online-status';
import { cn } from '@client/lib/cn';
import { CloudOff } from 'lucide-react';

/** docs/product.md section 2: /subscribe shows a centred 'Loading...' while it learns where the member stands. */
export function SubscriptionLoading({ className }: { className?: string }) {
  return (
    <div role="status" className={cn('flex flex-1 items-center justify-center py-24', className)}>
      <p className="text-muted-foreground">Loading...</p>
    </div>
  );
}

/** A request that failed, with a way to ask again. */
export function SubscriptionLoadError({
  title,
  onRetry,
  isRetrying = false,
}: {
  title: string;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  const isOnline = useIsOnline();
  if (!isOnline) return <OfflineNotice />;
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <CloudOff className="size-7 text-muted-foreground" strokeWidth={1.5} aria-hidden="true" />
      <h2 className="font-display font-medium text-2xl tracking-tight">{title}</h2>
      <p className="max-w-sm text-muted-foreground">
        Something got in the way. Give it a moment and try again.
      </p>
      <Button variant="outline" size="sm" className="mt-1" onClick={onRetry} isPending={isRetrying}>
        Try again
      </Button>
    </Card>
  );
}
