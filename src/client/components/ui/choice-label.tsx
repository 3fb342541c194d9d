import { cn } from '@client/lib/cn';
import type * as React from 'react';

/**
 * A label wrapping a native checkbox or radio as a tappable pill or card: the chosen one takes the
 * accent border and a sage wash (`:has(:checked)`), so the state shows without colour alone.
 */
export function ChoiceLabel({ className, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the input is passed in as a child
    <label
      className={cn(
        'inline-flex min-h-10 cursor-pointer items-center gap-2 border border-input bg-card text-sm has-[:checked]:border-primary has-[:checked]:bg-sage-soft',
        className,
      )}
      {...props}
    />
  );
}
