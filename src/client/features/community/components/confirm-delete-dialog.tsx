import { ConfirmDeleteDialog as ConfirmItemDelete } from '@client/components/ui/confirm-delete-dialog';
import { useNamespace } from '@client/lib/i18n';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ItemAction } from './item-action';

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
  const i18n = useNamespace('community');
  const isPost = subject === 'post';
  // docs/product.md, "Validation": confirmation for deleting a post or a comment.
  const confirmation = isPost
    ? i18n._('community.delete.confirmPost')
    : i18n._('community.delete.confirmComment');
  const trigger = (
    <ItemAction icon={Trash2} compact={compact} className="hover:text-destructive" aria-label={label}>
      {i18n._('community.delete.action')}
    </ItemAction>
  );
  const [isOpen, setIsOpen] = useState(false);
  return (
    <ConfirmItemDelete
      item={isOpen ? subject : null}
      trigger={trigger}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      title={isPost ? i18n._('community.delete.titlePost') : i18n._('community.delete.titleComment')}
      description={() => confirmation}
      descriptionClassName=""
      confirmLabel={isPost ? i18n._('community.delete.post') : i18n._('community.delete.comment')}
      pendingText={i18n._('community.delete.pending')}
      isPending={isPending}
      onConfirm={() => onConfirm(() => setIsOpen(false))}
    />
  );
}
