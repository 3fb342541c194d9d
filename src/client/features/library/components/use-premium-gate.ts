import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth';
import { hasPremiumAccess } from '@shared/entitlements';
import type { ContentItem } from '@shared/schemas/content';
import { useCallback } from 'react';

export const PREMIUM_REQUIRED_MESSAGE = 'This content requires a premium subscription.';

function notifyLocked() {
  toast({ title: 'Premium Content', description: PREMIUM_REQUIRED_MESSAGE });
}

/**
 * docs/product.md, "Item page": opening premium content without premium access (visitors included) shows a
 * toast and goes nowhere. The server enforces the same rule; this only spares a dead end.
 */
export function usePremiumGate() {
  const { user } = useCurrentUser();
  const hasAccess = hasPremiumAccess(user);
  // The server's teaser flag wins over what this browser believes about the member's access.
  const isLocked = useCallback(
    (item: Pick<ContentItem, 'isPremium' | 'isTeaser'>) => item.isTeaser || (item.isPremium && !hasAccess),
    [hasAccess],
  );
  return { hasAccess, isLocked, notifyLocked };
}
