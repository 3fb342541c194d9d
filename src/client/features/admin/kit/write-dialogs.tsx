import { ConfirmDeleteDialog, deleteQuestion } from '@client/components/ui/confirm-delete-dialog';
import type { ReactNode } from 'react';
import type { AdminFormProps } from './form-actions';
import { AdminFormDialog } from './form-dialog';
import type { AdminEditor } from './use-admin-writes';

/** What `useAdminWrites` gives the dialogs. */
export type Writes<T> = {
  editor: AdminEditor<T> | null;
  isSaving: boolean;
  closeEditor: () => void;
  toDelete: T | null;
  setToDelete: (item: T | null) => void;
  confirmDelete: (item: T) => void;
  isDeleting: boolean;
};

/**
 * The words and look of a screen's delete confirmation (`ConfirmDeleteDialog`'s own props); the
 * question is by default the usual one, naming the item's title.
 */
export type DeleteDialogText<T> = Omit<
  Parameters<typeof ConfirmDeleteDialog<T>>[0],
  'item' | 'description' | 'isPending' | 'onConfirm' | 'onClose'
> & { description?: (item: T) => string };

/**
 * The two dialogs of a management screen, wired to its `useAdminWrites`: the create/edit dialog
 * around the screen's form, and the delete confirmation (`remove`).
 */
export function AdminWriteDialogs<T extends { id: string; title: string }>({
  writes,
  formText,
  formClassName,
  focusFirstField,
  renderForm,
  remove: { description = (item) => deleteQuestion(item.title), ...remove },
}: {
  writes: Writes<T>;
  formText: Parameters<typeof AdminFormDialog<T>>[0]['text'];
  formClassName?: string;
  focusFirstField?: boolean;
  renderForm: (editor: AdminEditor<T>) => ReactNode;
  remove: DeleteDialogText<T>;
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
        {...remove}
        item={writes.toDelete}
        description={description}
        isPending={writes.isDeleting}
        onConfirm={writes.confirmDelete}
        onClose={() => writes.setToDelete(null)}
      />
    </>
  );
}

/** How a screen's form starts: the create form's values, an item's values, the submit labels. */
export type FormSetup<T, Values> = {
  defaults: Values;
  valuesFrom: (item: T) => Values;
  createLabel: string;
  saveLabel?: string;
};

/** The props every management form gets from the create/edit dialog and `useAdminWrites`. */
export function editorFormProps<T, Values, Input>(
  writes: { isSaving: boolean; save: (input: Input) => void; closeEditor: () => void },
  editor: AdminEditor<T>,
  setup: FormSetup<T, Values>,
): AdminFormProps<Values, Input> {
  const isCreate = editor.mode === 'create';
  return {
    mode: editor.mode,
    defaultValues: editor.mode === 'create' ? setup.defaults : setup.valuesFrom(editor.item),
    submitLabel: isCreate ? setup.createLabel : (setup.saveLabel ?? 'Save Changes'),
    pendingLabel: isCreate ? 'Creating…' : 'Saving…',
    isPending: writes.isSaving,
    onSubmit: writes.save,
    onCancel: writes.closeEditor,
  };
}
