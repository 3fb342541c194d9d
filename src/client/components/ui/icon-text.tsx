import { cn } from '@client/lib/cn';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A small fact with its icon in front (a count, a duration, a type), as the meta lines show them. */
export function IconText({
  icon: Icon,
  children,
  className,
}: {
  icon: LucideIcon;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-1.5', className)}>
      <Icon className="size-4" strokeWidth={1.5} aria-hidden="true" />
      {children}
    </span>
  );
}
