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
import type { ReactElement, ReactNode } from 'react';

/** The delete question for a titled item (docs/product.md section 2, the admin screens), word for word. */
export function deleteQuestion(title: string): string {
  return `Are you sure you want to delete "${title}"? This action cannot be undone.`;
}

/**
 * The one delete confirmation: asks before deleting `item` (open while it is set). It stays open
 * while the request runs (its button shows `pendingText`) and cannot be dismissed then; `summary`
 * shows what goes with it. With `trigger`, that element opens it (`onOpen`) and gets the focus back.
 */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  pendingText = 'Deleting...',
  summary,
  trigger,
  onOpen,
  isPending,
  onConfirm,
  onClose,
  className,
  descriptionClassName = 'wrap-anywhere',
}: {
  item: T | null;
  title: string;
  description: (item: T) => string;
  confirmLabel?: string;
  cancelLabel?: string;
  pendingText?: string;
  summary?: (item: T) => ReactNode;
  trigger?: ReactElement;
  onOpen?: () => void;
  isPending: boolean;
  onConfirm: (item: T) => void;
  onClose: () => void;
  className?: string;
  descriptionClassName?: string;
}) {
  return (
    <AlertDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (open) onOpen?.();
        else if (!isPending) onClose();
      }}
    >
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent className={className}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className={descriptionClassName}>
            {item !== null ? description(item) : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {item !== null && summary?.(item)}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{cancelLabel}</AlertDialogCancel>
          <Button
            variant="destructive"
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
