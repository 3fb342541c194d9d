import { ConfirmDeleteDialog } from '@client/components/ui/confirm-delete-dialog';
import { useNamespace } from '@client/lib/i18n';
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import type { AdminFormProps } from './form-actions';
import { AdminFormDialog, type FormDialogText } from './form-dialog';
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

/** A screen's two dialogs: its form (and how the form's dialog looks), and its delete confirmation. */
export type ManagementDialogs<T> = {
  formClassName?: string;
  focusFirstField?: boolean;
  renderForm: (editor: AdminEditor<T>) => ReactNode;
  remove: DeleteDialogText<T>;
};

/**
 * The two dialogs of a management screen, wired to its `useAdminWrites`: the create/edit dialog
 * around the screen's form, and the delete confirmation (`remove`; by default it asks the usual
 * question naming the item's title, docs/product.md, "Admin").
 */
export function AdminWriteDialogs<T extends { id: string; title: string }>({
  writes,
  formText,
  formClassName,
  focusFirstField,
  renderForm,
  remove: { description, ...remove },
}: ManagementDialogs<T> & { writes: Writes<T>; formText: FormDialogText }) {
  const i18n = useNamespace('admin');
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
        description={
          description ?? ((item) => i18n._('admin.kit.dialogs.deleteQuestion', { title: item.title }))
        }
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

/**
 * The props every management form gets from the create/edit dialog and `useAdminWrites`; `i18n`
 * (the screen's `useNamespace('admin')`) gives the usual 'Save Changes', 'Creating…', 'Saving…'.
 */
export function editorFormProps<T, Values, Input>(
  writes: { isSaving: boolean; save: (input: Input) => void; closeEditor: () => void },
  editor: AdminEditor<T>,
  setup: FormSetup<T, Values>,
  i18n: I18n,
): AdminFormProps<Values, Input> {
  const isCreate = editor.mode === 'create';
  return {
    mode: editor.mode,
    defaultValues: editor.mode === 'create' ? setup.defaults : setup.valuesFrom(editor.item),
    submitLabel: isCreate ? setup.createLabel : (setup.saveLabel ?? i18n._('admin.kit.form.saveChanges')),
    pendingLabel: isCreate ? i18n._('admin.kit.form.creating') : i18n._('admin.kit.form.saving'),
    isPending: writes.isSaving,
    onSubmit: writes.save,
    onCancel: writes.closeEditor,
  };
}
