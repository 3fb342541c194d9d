import { cn } from '@client/lib/cn';

/** docs/product.md, "Account, subscription": /subscribe shows a centred 'Loading...' while it learns where the member stands. */
export function SubscriptionLoading({ className }: { className?: string }) {
  return (
    <div role="status" className={cn('flex flex-1 items-center justify-center py-24', className)}>
      <p className="text-muted-foreground">Loading...</p>
    </div>
  );
}
