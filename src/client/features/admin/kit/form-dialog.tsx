import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import type { ReactNode } from 'react';
import type { AdminEditor } from './use-admin-writes';

/** The create / edit dialog's title and description, for each of its two modes. */
export type FormDialogText = {
  createTitle: string;
  createDescription: string;
  editTitle: string;
  editDescription: string;
};

/**
 * The create / edit dialog around an admin form. A stray click outside does not throw away a
 * half-written form, and Escape does nothing while saving. `focusFirstField` focuses the first
 * field without selecting its text, so a stray key cannot replace a title.
 */
export function AdminFormDialog<T extends { id: string }>({
  editor,
  isSaving,
  onClose,
  text,
  className = 'max-w-xl',
  focusFirstField = false,
  children,
}: {
  editor: AdminEditor<T> | null;
  isSaving: boolean;
  onClose: () => void;
  text: FormDialogText;
  className?: string;
  focusFirstField?: boolean;
  children: (editor: AdminEditor<T>) => ReactNode;
}) {
  return (
    <Dialog open={editor !== null} onOpenChange={(open) => !open && onClose()}>
      {editor && (
        <DialogContent
          key={editor.mode === 'edit' ? editor.item.id : 'create'}
          className={className}
          onInteractOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={
            focusFirstField
              ? (event) => {
                  event.preventDefault();
                  (event.currentTarget as HTMLElement)
                    .querySelector<HTMLElement>('input, select, textarea')
                    ?.focus();
                }
              : undefined
          }
          onEscapeKeyDown={(event) => {
            if (isSaving) event.preventDefault();
          }}
        >
          <DialogHeader>
            <DialogTitle>{editor.mode === 'create' ? text.createTitle : text.editTitle}</DialogTitle>
            <DialogDescription>
              {editor.mode === 'create' ? text.createDescription : text.editDescription}
            </DialogDescription>
          </DialogHeader>
          {children(editor)}
        </DialogContent>
      )}
    </Dialog>
  );
}
