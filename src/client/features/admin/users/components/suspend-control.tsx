import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { DialogForm } from '@client/components/ui/dialog-form';
import { Field } from '@client/components/ui/field';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { type Period, PeriodField, periodDays } from '@client/features/admin/kit/period-field';
import { explainFailure } from '@client/features/admin/kit/toasts';
import { apiRequest } from '@client/lib/api';
import type { AdminUser } from '@shared/schemas/admin';
import { type SuspendInput, SuspendInputSchema } from '@shared/schemas/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { type FormEvent, useState } from 'react';

const untilText = (until: string | null) =>
  until ? `until ${new Date(until).toLocaleDateString('en-US', { dateStyle: 'medium' })}` : 'until lifted';

/**
 * Suspend (no sign-in) or lift a suspension, on a member's card of /admin/users (admins only:
 * the server refuses anyone else). `POST|DELETE /api/admin/users/{id}/suspend`.
 */
export function SuspendControl({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);
  const [period, setPeriod] = useState<Period>('7');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: async (input: SuspendInput | null) => {
      const url = `/api/admin/users/${encodeURIComponent(user.id)}/suspend`;
      await (input ? apiRequest('POST', url, input) : apiRequest('DELETE', url));
    },
    onSuccess: async (_data, input) => {
      close();
      setReason('');
      toast({
        title: input ? 'Member suspended' : 'Suspension lifted',
        description: input
          ? `${user.email} is signed out and cannot sign in.`
          : `${user.email} can sign in again.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] });
    },
    onError: (failure) => explainFailure(failure, 'Failed to update the suspension'),
  });

  // Admins cannot be suspended, nor can you suspend yourself (the server says so too).
  if (isSelf || user.isAdmin) return null;

  if (user.suspension) {
    return (
      <>
        <Badge tone="red" className="self-center">
          <Ban aria-hidden="true" />
          Suspended {untilText(user.suspension.until)}
        </Badge>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Lift suspension for ${user.email}`}
          disabled={mutation.isPending}
          onClick={() => mutation.mutate(null)}
        >
          Lift suspension
        </Button>
      </>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = SuspendInputSchema.safeParse({ days: periodDays(period), reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    mutation.mutate(parsed.data);
  };

  return (
    <DialogForm
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={`Suspend ${user.email}`}
          onClick={() => setIsOpen(true)}
        >
          Suspend
        </Button>
      }
      title={`Suspend ${user.email}?`}
      description="They are signed out at once and cannot sign in until the suspension ends. They receive an e-mail with your reason."
      onSubmit={onSubmit}
      onCancel={close}
      submitLabel="Suspend"
      pendingText="Suspending…"
      isPending={mutation.isPending}
      className="grid gap-4"
    >
      <PeriodField label="For how long" value={period} onChange={setPeriod} />
      <Field label="Reason" error={error}>
        <Textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={3} />
      </Field>
    </DialogForm>
  );
}
