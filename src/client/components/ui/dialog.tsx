import { cn } from '@client/lib/cn';
import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type * as React from 'react';
import { Suspense } from 'react';
import { useFocusReturn } from './use-focus-return';
import { useLoadedNamespace } from './use-loaded-namespace';
import { withClass } from './with-class';

/** The parts a form dialog and a confirmation (alert-dialog.tsx) draw alike. */
export const DIALOG_FOOTER_CLASS = 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end';
export const DIALOG_TITLE_CLASS = 'font-display font-medium text-2xl tracking-tight';
export const DIALOG_DESCRIPTION_CLASS = 'text-muted-foreground';
export const DIALOG_OVERLAY_CLASS =
  'fixed inset-0 z-50 bg-foreground/30 backdrop-blur-[2px] data-[state=open]:animate-fade-in';
/** The centred panel; each kind adds its width, padding and scrolling. */
export const DIALOG_PANEL_CLASS =
  '-translate-x-1/2 -translate-y-1/2 fixed top-1/2 left-1/2 z-50 grid gap-5 rounded-2xl border bg-popover text-popover-foreground shadow-soft data-[state=open]:animate-menu-in';

/**
 * The dialog of forms (Radix Dialog, shadcn style): focus moves in and is trapped, Escape and the
 * close button dismiss it, focus returns to the control that opened it (with or without a
 * `DialogTrigger`: use-focus-return.tsx). Tall forms scroll inside
 * the dialog, which never grows past the screen. Used by the admin forms and the flag dialog.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;

export function DialogContent({
  className,
  children,
  closeLabel,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  const i18n = useLoadedNamespace('errors');
  const focusReturn = useFocusReturn(onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={DIALOG_OVERLAY_CLASS} />
      <DialogPrimitive.Content
        className={cn(
          DIALOG_PANEL_CLASS,
          'max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-lg overflow-y-auto overscroll-contain p-5 sm:max-h-[calc(100dvh-4rem)] sm:p-7',
          className,
        )}
        {...props}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
      >
        {focusReturn.rememberOpener}
        {/* A part of the form still loading (its words, the uploader) waits here, inside the
            dialog: suspending the screen behind would hide the button that opened it and lose
            the focus that should return there. */}
        <Suspense fallback={<div className="min-h-24" aria-busy="true" />}>{children}</Suspense>
        <DialogPrimitive.Close
          className="absolute top-3 end-3 grid size-10 place-items-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
          aria-label={closeLabel ?? (i18n ? i18n._('errors.ui.close') : undefined)}
        >
          <X className="size-5" strokeWidth={1.75} aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const DialogHeader = withClass('div', 'grid gap-1.5 pe-8');
export const DialogFooter = withClass('div', DIALOG_FOOTER_CLASS);
export const DialogTitle = withClass(DialogPrimitive.Title, DIALOG_TITLE_CLASS);
export const DialogDescription = withClass(DialogPrimitive.Description, DIALOG_DESCRIPTION_CLASS);
