import { useState } from 'react';

/** What the admin's edit dialog is doing: creating, or editing one item. */
export type AdminEditor<T> = { mode: 'create' } | { mode: 'edit'; item: T };
export type AdminWrite = 'create' | 'update' | 'delete';

/** The part of a TanStack mutation the admin screens use (method syntax: any callback shape). */
type Mutation<Variables, Result> = {
  mutate(
    variables: Variables,
    options: { onSuccess: (result: Result) => void; onError: (error: Error) => void },
  ): void;
  isPending: boolean;
};

/** A screen's toasts for its writes (`adminToasts`): the confirmation, and the failure explained. */
export type AdminToasts<T> = {
  confirm: (write: AdminWrite, item: T) => void;
  explain: (write: AdminWrite, error: unknown) => void;
};

/** What `useAdminWrites` gives a screen: its two dialogs' state and the writes behind their buttons. */
export type AdminWrites<T, Input> = {
  /** The create / edit dialog: closed (null), creating, or editing one item. */
  editor: AdminEditor<T> | null;
  openCreate: () => void;
  openEdit: (item: T) => void;
  /** Closes the dialog, unless a save is under way. */
  closeEditor: () => void;
  /** The form's submit: creates or updates, as the dialog was opened. */
  save: (input: Input) => void;
  isSaving: boolean;
  /** The item the delete question asks about (null: closed). */
  toDelete: T | null;
  setToDelete: (item: T | null) => void;
  confirmDelete: (item: T) => void;
  isDeleting: boolean;
};

/**
 * The create / edit / delete flow every admin management screen shares. docs/product.md, "States and transitions": a
 * successful write closes the dialog, clears the selection, refreshes the list (the mutation
 * waits for that) and confirms with a toast; a failure keeps the dialog open and explains.
 */
export function useAdminWrites<
  T extends { id: string },
  Input,
  Update = { id: string; input: Input },
  Saved = T,
>(options: {
  create: Mutation<Input, Saved>;
  update: Mutation<Update, Saved>;
  remove: Mutation<T, unknown>;
  /** The screen's toasts (`adminToasts`). */
  toasts: AdminToasts<T | Saved>;
  /** What the update mutation takes, when it needs more than `{ id, input }`. */
  updateVariables?: (item: T, input: Input) => Update;
  /** After the create toast (the playlists screen opens the new playlist's editor). */
  onCreated?: (created: Saved) => void;
}): AdminWrites<T, Input> {
  const { create, update, remove, onCreated } = options;
  const { confirm, explain } = options.toasts;
  const updateVariables =
    options.updateVariables ?? ((item: T, input: Input) => ({ id: item.id, input }) as Update);
  const [editor, setEditor] = useState<AdminEditor<T> | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const isSaving = create.isPending || update.isPending;

  const save = (input: Input) => {
    if (!editor) return;
    if (editor.mode === 'create') {
      create.mutate(input, {
        onSuccess: (created) => {
          setEditor(null);
          confirm('create', created);
          onCreated?.(created);
        },
        onError: (error) => explain('create', error),
      });
      return;
    }
    update.mutate(updateVariables(editor.item, input), {
      onSuccess: (updated) => {
        setEditor(null);
        confirm('update', updated);
      },
      onError: (error) => explain('update', error),
    });
  };

  const confirmDelete = (item: T) => {
    remove.mutate(item, {
      onSuccess: () => {
        setToDelete(null);
        confirm('delete', item);
      },
      onError: (error) => explain('delete', error),
    });
  };

  return {
    editor,
    openCreate: () => setEditor({ mode: 'create' }),
    openEdit: (item: T) => setEditor({ mode: 'edit', item }),
    closeEditor: () => {
      if (!isSaving) setEditor(null);
    },
    save,
    isSaving,
    isDeleting: remove.isPending,
    toDelete,
    setToDelete,
    confirmDelete,
  };
}
