import { Badge, type BadgeTone } from '@client/components/ui/badge';
import { Check, X } from 'lucide-react';

const LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  canceled: 'Canceled',
  cancelled: 'Cancelled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  unpaid: 'Unpaid',
  paused: 'Paused',
};

/** A status as people read it: 'past_due' -> 'Past due'; none at all means a free account. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return 'Free';
  const known = LABELS[status];
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
  const tone = statusTone(status);
  return (
    <Badge tone={tone} data-tone={tone} className="text-sm">
      {tone === 'green' && <Check aria-hidden="true" strokeWidth={2.25} />}
      {tone === 'red' && <X aria-hidden="true" strokeWidth={2.25} />}
      <span>
        <span className="sr-only">Status: </span>
        {statusLabel(status)}
      </span>
    </Badge>
  );
}
