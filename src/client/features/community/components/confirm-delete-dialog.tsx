import { ConfirmDeleteDialog as ConfirmItemDelete } from '@client/components/ui/confirm-delete-dialog';
import { type ReactElement, useState } from 'react';

/** docs/product.md section 5's confirmation for deleting a post or a comment. */
export function deleteConfirmationText(subject: 'post' | 'comment'): string {
  return `Are you sure you want to delete this ${subject}? This action cannot be undone.`;
}

/**
 * Asks before deleting a post or a comment, opened by `trigger`. The dialog stays open while the
 * request runs and closes when it settles; the caller explains a failure.
 */
export function ConfirmDeleteDialog({
  subject,
  trigger,
  onConfirm,
  isPending,
}: {
  subject: 'post' | 'comment';
  trigger: ReactElement;
  onConfirm: (close: () => void) => void;
  isPending: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <ConfirmItemDelete
      item={isOpen ? subject : null}
      trigger={trigger}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      title={`Delete this ${subject}?`}
      description={deleteConfirmationText}
      descriptionClassName=""
      confirmLabel={`Delete ${subject}`}
      pendingText="Deleting…"
      isPending={isPending}
      onConfirm={() => onConfirm(() => setIsOpen(false))}
    />
  );
}
