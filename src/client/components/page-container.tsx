import { cn } from '@client/lib/cn';
import type * as React from 'react';

/** The content column: 16 px gutters on phones, 24–32 px on larger screens, ~72rem wide at most. */
export function PageContainer({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)} {...props} />;
}
