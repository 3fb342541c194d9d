import { cn } from '@client/lib/cn';
import type * as React from 'react';

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-muted', className)} {...props} />;
}

/** Placeholder lines stacked or side by side (`className` lays them out), one class list per line. */
export function SkeletonLines({ lines, className }: { lines: readonly string[]; className?: string }) {
  return (
    <div className={className}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} className={line} />
      ))}
    </div>
  );
}

/**
 * Where content is on its way: busy for assistive technology, with `label` said once (a polite
 * status), and the placeholders in `children`.
 */
export function LoadingPlaceholder({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {children}
    </div>
  );
}
