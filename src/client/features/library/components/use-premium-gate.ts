import { toast } from '@client/components/ui/use-toast';
import { useCurrentUser } from '@client/features/auth';
import { useNamespace } from '@client/lib/i18n';
import { hasPremiumAccess } from '@shared/entitlements';
import type { ContentItem } from '@shared/schemas/content';
import { useCallback } from 'react';

/**
 * docs/product.md, "Item page": opening premium content without premium access (visitors included) shows a
 * toast and goes nowhere. The server enforces the same rule; this only spares a dead end.
 */
export function usePremiumGate() {
  const { user } = useCurrentUser();
  const i18n = useNamespace('library');
  const notifyLocked = useCallback(
    () => toast({ title: i18n._('library.premium.title'), description: i18n._('library.premium.required') }),
    [i18n],
  );
  const hasAccess = hasPremiumAccess(user);
  // The server's teaser flag wins over what this browser believes about the member's access.
  const isLocked = useCallback(
    (item: Pick<ContentItem, 'isPremium' | 'isTeaser'>) => item.isTeaser || (item.isPremium && !hasAccess),
    [hasAccess],
  );
  return { hasAccess, isLocked, notifyLocked };
}
