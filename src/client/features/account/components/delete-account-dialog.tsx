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
import { zodResolver } from '@hookform/resolvers/zod';
import { DeleteAccountSchema } from '@shared/schemas/account';
import { CircleAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDeleteAccount } from '../api/delete-account';

export const DELETE_ACCOUNT_FAILED = 'Your account could not be deleted. Please try again.';

/** What deleting removes and what it keeps, in the order people worry about it. */
export const WHAT_IS_DELETED = [
  'Your profile, e-mail address and sign-in',
  'Your assessment answers and results',
  'Your favourites and listening progress',
] as const;

export const WRONG_PASSWORD_MESSAGE = 'That is not your password';

/** The server refuses the password (code INVALID_PASSWORD); the form says so under the field. */
export function passwordErrorOf(error: unknown): string | null {
  return error instanceof ApiError && error.code === 'INVALID_PASSWORD' ? WRONG_PASSWORD_MESSAGE : null;
}

/** A refusal that is not about the password: the last admin, the payment provider, the network. */
function formErrorOf(error: unknown): { title: string; message: string } {
  const message = getErrorMessage(error) ?? DELETE_ACCOUNT_FAILED;
  if (error instanceof ApiError && error.code === 'LAST_ADMIN')
    return { title: 'You are the last admin', message };
  if (error instanceof ApiError && error.status === 502) return { title: 'Nothing was deleted', message };
  return { title: 'Your account was not deleted', message };
}

/**
 * 'Delete account': asks for the password again (so a borrowed session cannot do it), says what
 * goes and what stays, and waits for the server. `onDeleted` runs once the account is gone.
 */
export function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const deleteAccount = useDeleteAccount();
  const form = useForm({ resolver: zodResolver(DeleteAccountSchema), defaultValues: { password: '' } });
  const { errors } = form.formState;
  const formError =
    deleteAccount.error && !passwordErrorOf(deleteAccount.error) ? formErrorOf(deleteAccount.error) : null;

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
        const passwordError = passwordErrorOf(error);
        if (passwordError) form.setError('password', { message: passwordError }, { shouldFocus: true });
      },
    });
  });

  return (
    <AlertDialog open={isOpen} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive">
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent className="max-h-[calc(100dvh-1.5rem)] max-w-lg overflow-y-auto overscroll-contain">
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>
              This cannot be undone. Enter your password to confirm it is you.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-3 rounded-xl border bg-muted/50 p-4 text-sm">
            <p className="font-medium">Deleted for good:</p>
            <ul className="grid list-disc gap-1 pl-5 text-muted-foreground">
              {WHAT_IS_DELETED.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="text-muted-foreground">
              Your forum posts and comments stay, so conversations still make sense, shown under
              &lsquo;Deleted member&rsquo;. A subscription is cancelled with the payment provider, so there
              are no further charges.
            </p>
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
          <Field label="Password" error={errors.password?.message}>
            <PasswordInput
              autoComplete="current-password"
              readOnly={deleteAccount.isPending}
              {...form.register('password')}
            />
          </Field>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteAccount.isPending}>Keep my account</AlertDialogCancel>
            <Button
              type="submit"
              variant="destructive"
              isPending={deleteAccount.isPending}
              pendingText="Deleting…"
            >
              Delete my account
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
