import { ConfirmDeleteDialog } from '@client/components/ui/confirm-delete-dialog';
import type { ReactNode } from 'react';
import { AdminFormDialog } from './form-dialog';
import type { AdminEditor } from './use-admin-writes';

/** What `useAdminWrites` gives the dialogs. */
type Writes<T> = {
  editor: AdminEditor<T> | null;
  isSaving: boolean;
  closeEditor: () => void;
  toDelete: T | null;
  setToDelete: (item: T | null) => void;
  confirmDelete: (item: T) => void;
  isDeleting: boolean;
};

/**
 * The two dialogs of a management screen, wired to its `useAdminWrites`: the create/edit dialog
 * around the screen's form, and the delete confirmation.
 */
export function AdminWriteDialogs<T extends { id: string; title: string }>({
  writes,
  formText,
  formClassName,
  focusFirstField,
  renderForm,
  deleteTitle,
  deleteDescription,
  deleteConfirmLabel,
  deleteSummary,
  deleteClassName,
  deleteDescriptionClassName,
}: {
  writes: Writes<T>;
  formText: Parameters<typeof AdminFormDialog<T>>[0]['text'];
  formClassName?: string;
  focusFirstField?: boolean;
  renderForm: (editor: AdminEditor<T>) => ReactNode;
  deleteTitle: string;
  deleteDescription: (item: T) => string;
  deleteConfirmLabel?: string;
  deleteSummary?: (item: T) => ReactNode;
  deleteClassName?: string;
  deleteDescriptionClassName?: string;
}) {
  return (
    <>
      <AdminFormDialog
        editor={writes.editor}
        isSaving={writes.isSaving}
        onClose={writes.closeEditor}
        text={formText}
        className={formClassName}
        focusFirstField={focusFirstField}
      >
        {renderForm}
      </AdminFormDialog>
      <ConfirmDeleteDialog
        item={writes.toDelete}
        title={deleteTitle}
        description={deleteDescription}
        confirmLabel={deleteConfirmLabel}
        summary={deleteSummary}
        className={deleteClassName}
        descriptionClassName={deleteDescriptionClassName}
        isPending={writes.isDeleting}
        onConfirm={writes.confirmDelete}
        onClose={() => writes.setToDelete(null)}
      />
    </>
  );
}
