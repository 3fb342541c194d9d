import { cn } from '@client/lib/cn';
import { Label as LabelPrimitive } from 'radix-ui';
import type * as React from 'react';

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn('font-medium text-foreground text-sm leading-none', className)}
      {...props}
    />
  );
}
