import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/api';
import type { AdminWrite } from './use-admin-writes';

/** A destructive 'Error' toast with the server's message, else the screen's fallback sentence. */
export function explainFailure(error: unknown, fallback: string): void {
  toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) ?? fallback });
}

/** The description of the 'Updated' toast every admin screen shares. */
export function changesSaved(title: string): string {
  return `Your changes to "${title}" have been saved.`;
}

/** The 'Created' sentence of an item that may be saved unpublished: a draft says so, else `published`. */
export function draftOr<T extends { title: string; isPublished?: boolean }>(published: (item: T) => string) {
  return (item: T) =>
    item.isPublished === false ? `"${item.title}" was saved as a draft.` : published(item);
}

/**
 * The toasts of one admin screen's writes (docs/product.md, "Errors shown"): '<Noun> Created',
 * '<Noun> Updated', '<Noun> Deleted' with the screen's sentences (an update says its changes were
 * saved unless told otherwise), and 'Error' with the server's message or, when it gives none,
 * 'Failed to <write> <noun>'. Extra writes (a playlist's items) name their own title and fallback.
 */
export function adminToasts<T extends { title: string }, W extends string = AdminWrite>(options: {
  noun: string;
  describe: Partial<Record<W, (item: T) => string>>;
  titles?: Partial<Record<W, string>>;
  failures?: Partial<Record<W, string>>;
}) {
  const pastTense: Record<string, string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };
  return {
    confirm(write: W, item: T): void {
      const describe = options.describe[write] ?? ((saved: T) => changesSaved(saved.title));
      toast({
        title: options.titles?.[write] ?? `${options.noun} ${pastTense[write]}`,
        description: describe(item),
      });
    },
    explain(write: W, error: unknown): void {
      explainFailure(error, options.failures?.[write] ?? `Failed to ${write} ${options.noun.toLowerCase()}`);
    },
  };
}
