import { cn } from '@client/lib/cn';
import { ChevronDown } from 'lucide-react';
import type * as React from 'react';

/**
 * The browser's own <select>, dressed like our inputs: on phones it opens the system picker, it is
 * labelled like any field, and keyboard and screen-reader support come for free.
 */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'h-11 w-full min-w-0 cursor-pointer appearance-none rounded-xl border border-input bg-card pr-9 pl-3.5 text-base text-foreground transition-colors duration-150',
          'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 focus-visible:outline-offset-0',
          'disabled:cursor-not-allowed disabled:opacity-60',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 right-3 size-4 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
