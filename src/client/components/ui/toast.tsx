import { cn } from '@client/lib/cn';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type * as React from 'react';
import { useLoadedNamespace } from './use-loaded-namespace';
import { withClass } from './with-class';

/** docs/product.md, "Constants and limits": 5000 ms on screen, swipe right to dismiss past 50 px. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export function ToastProvider(props: React.ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      {...props}
    />
  );
}

/** Top of the screen on phones, bottom right from the `sm` breakpoint up. */
export const ToastViewport = withClass(
  ToastPrimitive.Viewport,
  'fixed top-0 z-[100] flex max-h-dvh w-full flex-col-reverse gap-2 p-4 outline-none',
  'pt-[max(1rem,env(safe-area-inset-top))] sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col sm:pb-[max(1.5rem,env(safe-area-inset-bottom))] md:max-w-[26rem]',
);

const toastVariants = cva(
  [
    'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-2xl border p-4 pe-10 shadow-soft',
    'data-[state=open]:animate-toast-in sm:data-[state=open]:animate-toast-in-bottom data-[state=closed]:animate-toast-out',
    'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out',
  ],
  {
    variants: {
      variant: {
        default: 'border-border bg-popover text-popover-foreground',
        destructive: 'destructive border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastProps = React.ComponentProps<typeof ToastPrimitive.Root> &
  VariantProps<typeof toastVariants>;

export function Toast({ className, variant, ...props }: ToastProps) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export const ToastAction = withClass(
  ToastPrimitive.Action,
  'inline-flex h-9 shrink-0 items-center justify-center self-center rounded-full border border-input bg-transparent px-3.5 font-medium text-sm transition-colors hover:bg-accent',
  'group-[.destructive]:border-destructive-foreground/40 group-[.destructive]:hover:bg-destructive-foreground/10',
);

export type ToastActionElement = React.ReactElement<typeof ToastAction>;

export function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Close>) {
  const i18n = useLoadedNamespace('errors');
  return (
    <ToastPrimitive.Close
      aria-label={i18n ? i18n._('errors.ui.close') : undefined}
      className={cn(
        'absolute top-3 end-3 inline-flex size-7 items-center justify-center rounded-full text-current/70 transition-colors hover:bg-foreground/5 hover:text-current',
        'group-[.destructive]:hover:bg-destructive-foreground/10',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

export const ToastTitle = withClass(ToastPrimitive.Title, 'font-semibold text-sm');

export const ToastDescription = withClass(ToastPrimitive.Description, 'text-sm opacity-90');
