import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { getErrorMessage } from '@client/lib/api';
import { useNamespace } from '@client/lib/i18n';
import { Trans } from '@lingui/react';
import type { CurrentUser } from '@shared/schemas/auth';
import { CircleCheck, Mail } from 'lucide-react';
import { useId } from 'react';
import { useSearch } from 'wouter';
import { useSendVerificationEmail } from '../api/send-verification-email';

// English, for the tests that read it (the screen shows the member's language: account.email.*).
// eslint-disable-next-line lingui/no-unlocalized-strings
export const EMAIL_CONFIRMED_MESSAGE = 'Thank you, your e-mail address is confirmed.';
export const LINK_FAILED_MESSAGE =
  // eslint-disable-next-line lingui/no-unlocalized-strings
  'That confirmation link has expired or was already used. You can send a new one.';

/**
 * A calm notice while the member's address is unconfirmed, with a button that mails the link again;
 * a short thank-you when the confirmation link brought them here. Signing in never waits for it.
 */
export function EmailConfirmation({ user }: { user: CurrentUser }) {
  const i18n = useNamespace('account');
  const headingId = useId();
  const params = new URLSearchParams(useSearch());
  const hasLinkFailed = params.has('error');
  const send = useSendVerificationEmail();

  if (user.emailVerified !== false) {
    if (params.get('verified') !== '1' || hasLinkFailed) return null;
    return (
      <Alert variant="success" role="status">
        <CircleCheck aria-hidden="true" />
        <p>{i18n._('account.email.confirmed')}</p>
      </Alert>
    );
  }

  const resend = () =>
    send.mutate(user.email, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: i18n._('account.email.notSent'),
          description: getErrorMessage(error) ?? i18n._('account.email.tryAgain'),
        }),
    });

  return (
    <Alert role="region" aria-labelledby={headingId}>
      <Mail aria-hidden="true" />
      <div className="grid gap-2">
        <h2 id={headingId} className="font-medium">
          {i18n._('account.email.title')}
        </h2>
        {hasLinkFailed && <p>{i18n._('account.email.linkFailed')}</p>}
        <p className="text-muted-foreground">
          <Trans
            id="account.email.sent"
            values={{ email: user.email }}
            components={{ 0: <span className="font-medium text-foreground wrap-anywhere" /> }}
          />
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            onClick={resend}
            isPending={send.isPending}
            pendingText={i18n._('account.email.sending')}
          >
            {i18n._('account.email.resend')}
          </Button>
          {send.isSuccess && (
            <p role="status" className="text-muted-foreground">
              {i18n._('account.email.onItsWay')}
            </p>
          )}
        </div>
      </div>
    </Alert>
  );
}
