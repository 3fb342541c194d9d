import { Badge } from '@client/components/ui/badge';
import { useNamespace } from '@client/lib/i18n';
import { Crown, Lock } from 'lucide-react';

/** 'Premium' on a card or a header: a crown, or a lock where this visitor cannot open it. */
export function PremiumBadge({ isLocked = false }: { isLocked?: boolean }) {
  const i18n = useNamespace('errors');
  return (
    <Badge tone="clay" icon={isLocked ? Lock : Crown}>
      {i18n._('errors.ui.premium')}
    </Badge>
  );
}
