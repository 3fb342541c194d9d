import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import { Pencil, Trash2 } from 'lucide-react';

/** What a management card does with its item: open the edit dialog, or ask before deleting it. */
export type ItemActions<T> = { onEdit: (item: T) => void; onDelete: (item: T) => void };

/** The Delete button of an admin card, named for its item ('Delete <title>'). */
export function DeleteButton({
  title,
  onClick,
  className,
}: {
  title: string;
  onClick: () => void;
  className?: string;
}) {
  const i18n = useNamespace('admin');
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn('text-destructive hover:bg-destructive/10', className)}
      onClick={onClick}
      aria-label={i18n._('admin.kit.card.deleteNamed', { title })}
    >
      <Trash2 aria-hidden="true" />
      {i18n._('admin.kit.card.delete')}
    </Button>
  );
}

/** The foot of an admin card: Edit (or another label) and Delete, side by side. */
export function CardActions({
  title,
  onEdit,
  onDelete,
  editLabel,
  editName,
}: {
  title: string;
  onEdit: () => void;
  onDelete: () => void;
  editLabel?: string;
  editName?: string;
}) {
  const i18n = useNamespace('admin');
  return (
    <div className="flex gap-2 border-t pt-3">
      <Button
        variant="outline"
        size="sm"
        className="flex-1"
        onClick={onEdit}
        aria-label={editName ?? i18n._('admin.kit.card.editNamed', { title })}
      >
        <Pencil aria-hidden="true" />
        {editLabel ?? i18n._('admin.kit.card.edit')}
      </Button>
      <DeleteButton title={title} onClick={onDelete} className="flex-1" />
    </div>
  );
}
