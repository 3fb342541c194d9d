import { cn } from '@client/lib/cn';
import { cva, type VariantProps } from 'class-variance-authority';
import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';

/**
 * Status hues follow docs/product.md, "States and transitions" and are tuned for WCAG AA in both themes: a pale tint with
 * a deep text colour in light mode, a deep tint with a pale text colour in dark mode.
 */
export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 font-medium text-xs [&_svg]:size-3.5',
  {
    variants: {
      tone: {
        default: 'border-transparent bg-primary text-primary-foreground',
        neutral: 'border-transparent bg-muted text-muted-foreground',
        outline: 'border-border text-foreground',
        clay: 'border-transparent bg-secondary text-secondary-foreground',
        blue: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-900 dark:bg-blue-950/60 dark:text-blue-200',
        purple:
          'border-purple-200 bg-purple-50 text-purple-800 dark:border-purple-900 dark:bg-purple-950/60 dark:text-purple-200',
        green:
          'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200',
        orange:
          'border-orange-200 bg-orange-50 text-orange-800 dark:border-orange-900 dark:bg-orange-950/60 dark:text-orange-200',
        yellow:
          'border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
        red: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200',
        grey: 'border-stone-200 bg-stone-100 text-stone-800 dark:border-stone-700 dark:bg-stone-800/60 dark:text-stone-200',
      },
    },
    defaultVariants: { tone: 'default' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

/** A small label; `icon` goes before the text, hidden from assistive technology (the text says it). */
export function Badge({
  className,
  tone,
  icon: Icon,
  children,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { icon?: LucideIcon }) {
  return (
    <span className={cn(badgeVariants({ tone }), className)} {...props}>
      {Icon && <Icon aria-hidden="true" />}
      {children}
    </span>
  );
}
