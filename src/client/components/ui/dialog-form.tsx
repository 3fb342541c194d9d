import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import type { FormEvent, ReactNode } from 'react';
import { useLoadedNamespace } from './use-loaded-namespace';

/**
 * A dialog that is one small form (moderate a post, suspend a member): the title and description,
 * the fields, then Cancel and the submit button. Cancel is held while the request runs.
 */
export function DialogForm({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  onSubmit,
  onCancel,
  submitLabel,
  pendingText,
  isPending,
  variant = 'destructive',
  className = 'grid gap-5',
  instead,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What opens it, when it has one on the page. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  submitLabel: ReactNode;
  pendingText: string;
  isPending: boolean;
  variant?: 'destructive' | 'default';
  className?: string;
  /** What the dialog shows in place of the form when the form is done with (an answer to read). */
  instead?: ReactNode;
  children: ReactNode;
}) {
  const i18n = useLoadedNamespace('errors');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger}
      <DialogContent>
        {instead ?? (
          <form onSubmit={onSubmit} className={className} noValidate>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{description}</DialogDescription>
            </DialogHeader>
            {children}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
                {i18n ? i18n._('errors.ui.cancel') : null}
              </Button>
              <Button type="submit" variant={variant} isPending={isPending} pendingText={pendingText}>
                {submitLabel}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
