import { Button } from '@client/components/ui/button';
import { LinkButton } from '@client/components/ui/link-button';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import { Trans } from '@lingui/react';
import { LogOut } from 'lucide-react';
import { useCurrentUser } from '../api/current-user';
import { AuthCard } from './auth-card';

/**
 * Where `GET /api/logout` sends a sign-out link opened from another site: the member decides. The
 * button is a plain link to `/api/logout` from our own page, a same-origin navigation, so it is
 * the same sign-out the menu does (decision 015).
 */
export function SignOutConfirmation() {
  const i18n = useNamespace('auth');
  const { name: siteName } = useSite();
  const { user } = useCurrentUser();
  if (!user) {
    return (
      <AuthCard title={i18n._('auth.signOut.done.title')} description={i18n._('auth.signOut.done.text')}>
        <LinkButton href="/" className="w-full">
          {i18n._('auth.signOut.done.home')}
        </LinkButton>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={i18n._('auth.signOut.title')}
      description={
        user.email ? (
          <Trans
            id="auth.signOut.questionWithEmail"
            values={{ siteName, email: user.email }}
            components={{ 0: <span className="font-medium text-foreground" /> }}
          />
        ) : (
          i18n._('auth.signOut.question', { siteName })
        )
      }
    >
      <div className="flex flex-col gap-3">
        <Button asChild className="w-full">
          <a href="/api/logout">
            <LogOut aria-hidden="true" strokeWidth={1.5} />
            {i18n._('auth.signOut.confirm')}
          </a>
        </Button>
        <LinkButton href="/" variant="outline" className="w-full">
          {i18n._('auth.signOut.stay')}
        </LinkButton>
      </div>
    </AuthCard>
  );
}
