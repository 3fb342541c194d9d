import { cn } from '@client/lib/cn';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A short text after a small line icon (a count, a date, a duration); the icon is decoration. */
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
