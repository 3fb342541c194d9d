import { Badge } from '@client/components/ui/badge';
import { useLoadedNamespace } from '@client/components/ui/use-loaded-namespace';
import { Crown, Lock } from 'lucide-react';

/** 'Premium' on a card or a header: a crown, or a lock where this visitor cannot open it. */
export function PremiumBadge({ isLocked = false }: { isLocked?: boolean }) {
  const i18n = useLoadedNamespace('errors');
  return (
    <Badge tone="clay" icon={isLocked ? Lock : Crown}>
      {i18n ? i18n._('errors.ui.premium') : null}
    </Badge>
  );
}
