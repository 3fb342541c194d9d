import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { DialogForm } from '@client/components/ui/dialog-form';
import { Field } from '@client/components/ui/field';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { type Period, PeriodField, periodDays } from '@client/features/admin/kit/period-field';
import { explainFailure } from '@client/features/admin/kit/toasts';
import { apiRequest } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useNamespace } from '@client/lib/i18n';
import type { AdminUser } from '@shared/schemas/admin';
import { type SuspendInput, SuspendInputSchema } from '@shared/schemas/moderation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { type FormEvent, useState } from 'react';

/**
 * Suspend (no sign-in) or lift a suspension, on a member's card of /admin/users (admins only:
 * the server refuses anyone else). `POST|DELETE /api/admin/users/{id}/suspend`.
 */
export function SuspendControl({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const i18n = useNamespace('admin');
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);
  const [period, setPeriod] = useState<Period>('7');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: async (input: SuspendInput | null) => {
      const url = `/api/admin/users/${encodeURIComponent(user.id)}/suspend`;
      // eslint-disable-next-line lingui/no-unlocalized-strings -- HTTP methods, not words
      await (input ? apiRequest('POST', url, input) : apiRequest('DELETE', url));
    },
    onSuccess: async (_data, input) => {
      close();
      setReason('');
      toast({
        title: input ? i18n._('admin.users.suspend.done') : i18n._('admin.users.suspend.lifted'),
        description: input
          ? i18n._('admin.users.suspend.doneText', { email: user.email })
          : i18n._('admin.users.suspend.liftedText', { email: user.email }),
      });
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] });
    },
    onError: (failure) => explainFailure(failure, i18n._('admin.users.suspend.failed')),
  });

  // Admins cannot be suspended, nor can you suspend yourself (the server says so too).
  if (isSelf || user.isAdmin) return null;

  if (user.suspension) {
    return (
      <>
        <Badge tone="red" className="self-center">
          <Ban aria-hidden="true" />
          {user.suspension.until
            ? i18n._('admin.users.suspend.until', {
                date: formatDate(user.suspension.until, { dateStyle: 'medium' }),
              })
            : i18n._('admin.users.suspend.untilLifted')}
        </Badge>
        <Button
          variant="outline"
          size="sm"
          aria-label={i18n._('admin.users.suspend.liftFor', { email: user.email })}
          disabled={mutation.isPending}
          onClick={() => mutation.mutate(null)}
        >
          {i18n._('admin.users.suspend.lift')}
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
          aria-label={i18n._('admin.users.suspend.buttonFor', { email: user.email })}
          onClick={() => setIsOpen(true)}
        >
          {i18n._('admin.users.suspend.button')}
        </Button>
      }
      title={i18n._('admin.users.suspend.title', { email: user.email })}
      description={i18n._('admin.users.suspend.description')}
      onSubmit={onSubmit}
      onCancel={close}
      submitLabel={i18n._('admin.users.suspend.button')}
      pendingText={i18n._('admin.users.suspend.pending')}
      isPending={mutation.isPending}
      className="grid gap-4"
    >
      <PeriodField label={i18n._('admin.users.suspend.period')} value={period} onChange={setPeriod} />
      <Field label={i18n._('admin.users.suspend.reason')} error={error}>
        <Textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={3} />
      </Field>
    </DialogForm>
  );
}
