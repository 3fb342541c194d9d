import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import type { ReactNode } from 'react';

/** The admin screens' delete question for a titled item (docs/product.md section 2), word for word. */
export function deleteQuestion(title: string): string {
  return `Are you sure you want to delete "${title}"? This action cannot be undone.`;
}

/**
 * Asks before deleting `item` (open while it is set). It stays open while the request runs (its
 * button shows 'Deleting...') and cannot be dismissed then; `summary` shows what goes with it.
 */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  description,
  confirmLabel = 'Delete',
  summary,
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
  summary?: (item: T) => ReactNode;
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
        if (!open && !isPending) onClose();
      }}
    >
      <AlertDialogContent className={className}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className={descriptionClassName}>
            {item !== null ? description(item) : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {item !== null && summary?.(item)}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          <Button
            variant="destructive"
            isPending={isPending}
            pendingText="Deleting..."
            onClick={() => item !== null && onConfirm(item)}
          >
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
