import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { useLoadedNamespace } from '@client/components/ui/use-loaded-namespace';
import type { ReactElement, ReactNode } from 'react';

type ConfirmDialogProps<T> = {
  /** What is being confirmed; the dialog is open while it is set. */
  item: T | null;
  title: string | ((item: T) => string);
  description: (item: T) => string;
  confirmLabel: string;
  pendingText?: string;
  cancelLabel?: string;
  variant?: 'destructive' | 'default';
  summary?: (item: T) => ReactNode;
  trigger?: ReactElement;
  onOpen?: () => void;
  isPending?: boolean;
  onConfirm: (item: T) => void;
  onClose: () => void;
  /** Where focus goes when it closes, when not back to its opener (call `preventDefault`). */
  onCloseAutoFocus?: (event: Event) => void;
  className?: string;
  titleClassName?: string;
  descriptionClassName?: string;
};

/**
 * The one confirmation dialog: asks before doing something to `item` (open while it is set). It
 * stays open while the request runs (its button shows `pendingText`) and cannot be dismissed then;
 * `summary` shows what goes with it. With `trigger`, that element opens it (`onOpen`) and gets the
 * focus back.
 */
export function ConfirmDialog<T>({
  item,
  title,
  description,
  confirmLabel,
  pendingText,
  cancelLabel,
  variant = 'destructive',
  summary,
  trigger,
  onOpen,
  isPending = false,
  onConfirm,
  onClose,
  onCloseAutoFocus,
  className,
  titleClassName,
  descriptionClassName = 'wrap-anywhere',
}: ConfirmDialogProps<T>) {
  const i18n = useLoadedNamespace('errors');
  return (
    <AlertDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (open) onOpen?.();
        else if (!isPending) onClose();
      }}
    >
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle className={titleClassName}>
            {typeof title === 'string' ? title : item !== null ? title(item) : ''}
          </AlertDialogTitle>
          <AlertDialogDescription className={descriptionClassName}>
            {item !== null ? description(item) : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {item !== null && summary?.(item)}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>
            {cancelLabel ?? (i18n ? i18n._('errors.ui.cancel') : null)}
          </AlertDialogCancel>
          <Button
            variant={variant}
            isPending={isPending}
            pendingText={pendingText}
            onClick={() => item !== null && onConfirm(item)}
          >
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The one delete confirmation: `ConfirmDialog` with Delete (or `confirmLabel`) and 'Deleting...'. */
export function ConfirmDeleteDialog<T>({
  confirmLabel,
  pendingText,
  ...props
}: Omit<ConfirmDialogProps<T>, 'confirmLabel' | 'variant' | 'cancelLabel' | 'title'> & {
  title: string;
  confirmLabel?: string;
  isPending: boolean;
}) {
  const i18n = useLoadedNamespace('errors');
  return (
    <ConfirmDialog
      {...props}
      confirmLabel={confirmLabel ?? (i18n ? i18n._('errors.ui.delete') : '')}
      pendingText={pendingText ?? (i18n ? i18n._('errors.ui.deleting') : '')}
    />
  );
}
