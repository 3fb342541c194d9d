import { Button, type ButtonProps } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import type { LucideIcon } from 'lucide-react';

/**
 * A quiet icon-and-word action under a post or comment (Edit, Reply, Flag, Versions, Delete);
 * `compact` in a comment's row.
 */
export function ItemAction({
  icon: Icon,
  compact = false,
  className,
  children,
  ...props
}: ButtonProps & { icon: LucideIcon; compact?: boolean }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn(
        'text-muted-foreground hover:text-foreground',
        compact ? 'h-8 px-2.5 text-sm' : 'px-3',
        className,
      )}
      {...props}
    >
      <Icon strokeWidth={1.75} aria-hidden="true" />
      {children}
    </Button>
  );
}
