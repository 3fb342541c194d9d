import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/api';
import type { CurrentUser } from '@shared/schemas/auth';
import { CircleCheck, Mail } from 'lucide-react';
import { useId } from 'react';
import { useSearch } from 'wouter';
import { useSendVerificationEmail } from '../api/send-verification-email';

export const EMAIL_CONFIRMED_MESSAGE = 'Thank you, your e-mail address is confirmed.';
export const LINK_FAILED_MESSAGE =
  'That confirmation link has expired or was already used. You can send a new one.';

/**
 * A calm notice while the member's address is unconfirmed, with a button that mails the link again;
 * a short thank-you when the confirmation link brought them here. Signing in never waits for it.
 */
export function EmailConfirmation({ user }: { user: CurrentUser }) {
  const headingId = useId();
  const params = new URLSearchParams(useSearch());
  const hasLinkFailed = params.has('error');
  const send = useSendVerificationEmail();

  if (user.emailVerified !== false) {
    if (params.get('verified') !== '1' || hasLinkFailed) return null;
    return (
      <Alert variant="success" role="status">
        <CircleCheck aria-hidden="true" />
        <p>{EMAIL_CONFIRMED_MESSAGE}</p>
      </Alert>
    );
  }

  const resend = () =>
    send.mutate(user.email, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'The link was not sent',
          description: getErrorMessage(error) ?? 'Please try again in a moment.',
        }),
    });

  return (
    <Alert role="region" aria-labelledby={headingId}>
      <Mail aria-hidden="true" />
      <div className="grid gap-2">
        <h2 id={headingId} className="font-medium">
          Confirm your e-mail address
        </h2>
        {hasLinkFailed && <p>{LINK_FAILED_MESSAGE}</p>}
        <p className="text-muted-foreground">
          We sent a link to <span className="font-medium text-foreground wrap-anywhere">{user.email}</span>.
          Opening it confirms the address is yours; everything else works in the meantime.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            onClick={resend}
            isPending={send.isPending}
            pendingText="Sending…"
          >
            Send the link again
          </Button>
          {send.isSuccess && (
            <p role="status" className="text-muted-foreground">
              A new link is on its way.
            </p>
          )}
        </div>
      </div>
    </Alert>
  );
}
