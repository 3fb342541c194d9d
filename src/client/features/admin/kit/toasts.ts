import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/api';
import { i18n } from '@client/lib/i18n';
import type { AdminWrite } from './use-admin-writes';

// A toast's words are read when it is shown, in the admin's language: the admin catalogue is
// loaded by then (AdminGate loads it before any admin screen is drawn).

/** A destructive 'Error' toast with the server's message, else the screen's fallback sentence. */
export function explainFailure(error: unknown, fallback: string): void {
  toast({
    variant: 'destructive',
    title: i18n._('admin.kit.toasts.error'),
    description: getErrorMessage(error) ?? fallback,
  });
}

/** The description of the 'Updated' toast every admin screen shares. */
export function changesSaved(title: string): string {
  return i18n._('admin.kit.toasts.changesSaved', { title });
}

/** The 'Created' sentence of an item that may be saved unpublished: a draft says so, else `published`. */
export function draftOr<T extends { title: string; isPublished?: boolean }>(published: (item: T) => string) {
  return (item: T) =>
    item.isPublished === false
      ? i18n._('admin.kit.toasts.savedAsDraft', { title: item.title })
      : published(item);
}

/**
 * The toasts of one admin screen's writes (docs/product.md, "Errors shown"): '<Noun> Created',
 * '<Noun> Updated', '<Noun> Deleted' (`titles`) with the screen's sentences (`describe`; an update
 * says its changes were saved unless told otherwise), and 'Error' with the server's message or,
 * when it gives none, 'Failed to <write> <noun>' (`failures`). Each screen writes its own full
 * sentences, in the admin's language: a noun glued into English cannot be translated.
 *
 * `noun` only serves a screen that does not name all its titles and failures yet: those fall back
 * to English made from it.
 */
export function adminToasts<T extends { title: string }, W extends string = AdminWrite>(options: {
  noun?: string;
  describe: Partial<Record<W, (item: T) => string>>;
  titles?: Partial<Record<W, string>>;
  failures?: Partial<Record<W, string>>;
}) {
  const pastTense: Record<string, string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };
  return {
    confirm(write: W, item: T): void {
      const describe = options.describe[write] ?? ((saved: T) => changesSaved(saved.title));
      toast({
        title: options.titles?.[write] ?? `${options.noun ?? ''} ${pastTense[write]}`.trim(),
        description: describe(item),
      });
    },
    explain(write: W, error: unknown): void {
      explainFailure(
        error,
        options.failures?.[write] ?? `Failed to ${write} ${(options.noun ?? '').toLowerCase()}`.trim(),
      );
    },
  };
}
