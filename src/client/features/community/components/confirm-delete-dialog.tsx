import { ConfirmDeleteDialog as ConfirmItemDelete } from '@client/components/ui/confirm-delete-dialog';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ItemAction } from './item-action';

/** docs/product.md, "Validation": confirmation for deleting a post or a comment. */
export function deleteConfirmationText(subject: 'post' | 'comment'): string {
  return `Are you sure you want to delete this ${subject}? This action cannot be undone.`;
}

/**
 * A quiet Delete button (named `label`; `compact` in a comment's row) that asks before deleting a
 * post or a comment. The dialog stays open while the request runs and closes when it settles; the
 * caller explains a failure.
 */
export function ConfirmDeleteDialog({
  subject,
  label,
  compact = false,
  onConfirm,
  isPending,
}: {
  subject: 'post' | 'comment';
  label: string;
  compact?: boolean;
  onConfirm: (close: () => void) => void;
  isPending: boolean;
}) {
  const trigger = (
    <ItemAction icon={Trash2} compact={compact} className="hover:text-destructive" aria-label={label}>
      Delete
    </ItemAction>
  );
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
