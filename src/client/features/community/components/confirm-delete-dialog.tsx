import { Button } from '@client/components/ui/button';
import { ConfirmDeleteDialog as ConfirmItemDelete } from '@client/components/ui/confirm-delete-dialog';
import { cn } from '@client/lib/cn';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';

/** docs/product.md section 5's confirmation for deleting a post or a comment. */
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
    <Button
      variant="ghost"
      size="sm"
      className={cn('text-muted-foreground hover:text-destructive', compact ? 'h-8 px-2.5 text-sm' : 'px-3')}
      aria-label={label}
    >
      <Trash2 strokeWidth={1.75} aria-hidden="true" />
      Delete
    </Button>
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
