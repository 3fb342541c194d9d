import { Badge } from '@client/components/ui/badge';
import { Crown, Lock } from 'lucide-react';

/** 'Premium' on a card or a header: a crown, or a lock where this visitor cannot open it. */
export function PremiumBadge({ isLocked = false }: { isLocked?: boolean }) {
  return (
    <Badge tone="clay" icon={isLocked ? Lock : Crown}>
      Premium
    </Badge>
  );
}
