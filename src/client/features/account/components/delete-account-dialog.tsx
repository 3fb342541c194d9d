import { Alert } from '@client/components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { PasswordInput } from '@client/components/ui/password-input';
import { ApiError, getErrorMessage } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { DeleteAccountSchema } from '@shared/schemas/account';
import { CircleAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDeleteAccount } from '../api/delete-account';

/** What deleting removes and what it keeps, in the order people worry about it. */
function whatIsDeleted(i18n: I18n): string[] {
  return [
    i18n._('account.delete.removes.profile'),
    i18n._('account.delete.removes.answers'),
    i18n._('account.delete.removes.favourites'),
  ];
}

/** The server refuses the password (code INVALID_PASSWORD); the form says so under the field. */
export function passwordErrorOf(error: unknown, i18n: I18n): string | null {
  return error instanceof ApiError && error.code === 'INVALID_PASSWORD'
    ? i18n._('account.delete.wrongPassword')
    : null;
}

/** A refusal that is not about the password: the last admin, the payment provider, the network. */
function formErrorOf(error: unknown, i18n: I18n): { title: string; message: string } {
  const message = getErrorMessage(error) ?? i18n._('account.delete.failed');
  if (error instanceof ApiError && error.code === 'LAST_ADMIN')
    return { title: i18n._('account.delete.lastAdmin'), message };
  if (error instanceof ApiError && error.status === 502)
    return { title: i18n._('account.delete.nothingDeleted'), message };
  return { title: i18n._('account.delete.notDeleted'), message };
}

/**
 * 'Delete account': asks for the password again (so a borrowed session cannot do it), says what
 * goes and what stays, and waits for the server. `onDeleted` runs once the account is gone.
 */
export function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const i18n = useNamespace('account');
  const [isOpen, setIsOpen] = useState(false);
  const deleteAccount = useDeleteAccount();
  const form = useForm({ resolver: zodResolver(DeleteAccountSchema), defaultValues: { password: '' } });
  const { errors } = form.formState;
  const formError =
    deleteAccount.error && !passwordErrorOf(deleteAccount.error, i18n)
      ? formErrorOf(deleteAccount.error, i18n)
      : null;

  const onOpenChange = (open: boolean) => {
    if (deleteAccount.isPending) return;
    setIsOpen(open);
    if (!open) {
      form.reset();
      deleteAccount.reset();
    }
  };

  const onSubmit = form.handleSubmit(({ password }) => {
    if (deleteAccount.isPending) return;
    deleteAccount.mutate(password, {
      onSuccess: () => {
        setIsOpen(false);
        onDeleted();
      },
      onError: (error) => {
        const passwordError = passwordErrorOf(error, i18n);
        if (passwordError) form.setError('password', { message: passwordError }, { shouldFocus: true });
      },
    });
  });

  return (
    <AlertDialog open={isOpen} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          {i18n._('account.delete.open')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent className="max-h-[calc(100dvh-1.5rem)] max-w-lg overflow-y-auto overscroll-contain">
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <AlertDialogHeader>
            <AlertDialogTitle>{i18n._('account.delete.title')}</AlertDialogTitle>
            <AlertDialogDescription>{i18n._('account.delete.description')}</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-3 rounded-xl border bg-muted/50 p-4 text-sm">
            <p className="font-medium">{i18n._('account.delete.removes')}</p>
            <ul className="grid list-disc gap-1 ps-5 text-muted-foreground">
              {whatIsDeleted(i18n).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="text-muted-foreground">{i18n._('account.delete.keeps')}</p>
          </div>
          {formError && (
            <Alert variant="destructive" role="alert">
              <CircleAlert aria-hidden="true" />
              <div className="grid gap-0.5">
                <p className="font-medium">{formError.title}</p>
                <p>{formError.message}</p>
              </div>
            </Alert>
          )}
          <Field label={i18n._('account.delete.password')} error={errors.password?.message}>
            <PasswordInput
              autoComplete="current-password"
              readOnly={deleteAccount.isPending}
              {...form.register('password')}
            />
          </Field>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteAccount.isPending}>
              {i18n._('account.delete.keep')}
            </AlertDialogCancel>
            <Button
              type="submit"
              variant="destructive"
              isPending={deleteAccount.isPending}
              pendingText={i18n._('account.delete.deleting')}
            >
              {i18n._('account.delete.confirm')}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
