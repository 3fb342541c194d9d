import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { i18n, useNamespace } from '@client/lib/i18n';
import { Check, X } from 'lucide-react';

/** The statuses Stripe names, in the member's language (the `subscriptions` namespace loaded). */
function knownLabel(status: string): string | undefined {
  switch (status) {
    case 'active':
      return i18n._('subscriptions.status.active');
    case 'trialing':
      return i18n._('subscriptions.status.trialing');
    case 'past_due':
      return i18n._('subscriptions.status.pastDue');
    case 'canceled':
      return i18n._('subscriptions.status.canceled');
    case 'cancelled':
      return i18n._('subscriptions.status.cancelled');
    case 'incomplete':
      return i18n._('subscriptions.status.incomplete');
    case 'incomplete_expired':
      return i18n._('subscriptions.status.expired');
    case 'unpaid':
      return i18n._('subscriptions.status.unpaid');
    case 'paused':
      return i18n._('subscriptions.status.paused');
    default:
      return undefined;
  }
}

/** A status as people read it: 'past_due' -> 'Past due'; none at all means a free account. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return i18n._('subscriptions.status.free');
  const known = knownLabel(status);
  if (known) return known;
  const words = status.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * docs/product.md, "States and transitions" (Subscription status badge colours): active green with a check, canceled or
 * cancelled red with a cross, trialing blue, anything else grey.
 */
export function statusTone(status: string | null | undefined): BadgeTone {
  if (status === 'active') return 'green';
  if (status === 'canceled' || status === 'cancelled') return 'red';
  if (status === 'trialing') return 'blue';
  return 'grey';
}

export function SubscriptionStatusBadge({ status }: { status: string | null | undefined }) {
  // Loads the words statusLabel reads (the badge also shows on the account screen).
  useNamespace('subscriptions');
  const tone = statusTone(status);
  return (
    <Badge tone={tone} data-tone={tone} className="text-sm">
      {tone === 'green' && <Check aria-hidden="true" strokeWidth={2.25} />}
      {tone === 'red' && <X aria-hidden="true" strokeWidth={2.25} />}
      <span>
        <span className="sr-only">{i18n._('subscriptions.status.prefix')}</span>
        {statusLabel(status)}
      </span>
    </Badge>
  );
}
