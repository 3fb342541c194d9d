import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';

/** docs/product.md, "Account, subscription": /subscribe shows a centred 'Loading...' while it learns where the member stands. */
export function SubscriptionLoading({ className }: { className?: string }) {
  const i18n = useNamespace('subscriptions');
  return (
    <div role="status" className={cn('flex flex-1 items-center justify-center py-24', className)}>
      <p className="text-muted-foreground">{i18n._('subscriptions.loading')}</p>
    </div>
  );
}
