import { cn } from '@client/lib/cn';
import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { buttonVariants } from './button';
import {
  DIALOG_DESCRIPTION_CLASS,
  DIALOG_FOOTER_CLASS,
  DIALOG_OVERLAY_CLASS,
  DIALOG_PANEL_CLASS,
  DIALOG_TITLE_CLASS,
} from './dialog';
import { useFocusReturn } from './use-focus-return';
import { withClass } from './with-class';

/**
 * A confirmation that must be answered (Radix AlertDialog): focus is trapped inside, Escape and
 * Cancel close it, and focus returns to the control that opened it (use-focus-return.tsx).
 */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({
  className,
  onCloseAutoFocus,
  children,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  const focusReturn = useFocusReturn(onCloseAutoFocus);
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={DIALOG_OVERLAY_CLASS} />
      <AlertDialogPrimitive.Content
        className={cn(DIALOG_PANEL_CLASS, 'w-[calc(100%-2rem)] max-w-md p-6', className)}
        {...props}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
      >
        {focusReturn.rememberOpener}
        {children}
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

export const AlertDialogHeader = withClass('div', 'grid gap-2');
export const AlertDialogFooter = withClass('div', DIALOG_FOOTER_CLASS);
export const AlertDialogTitle = withClass(AlertDialogPrimitive.Title, DIALOG_TITLE_CLASS);
export const AlertDialogDescription = withClass(AlertDialogPrimitive.Description, DIALOG_DESCRIPTION_CLASS);
export const AlertDialogCancel = withClass(
  AlertDialogPrimitive.Cancel,
  buttonVariants({ variant: 'outline' }),
);
