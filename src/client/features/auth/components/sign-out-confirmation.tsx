import { Button } from '@client/components/ui/button';
import { LinkButton } from '@client/components/ui/link-button';
import { useSite } from '@client/lib/site';
import { LogOut } from 'lucide-react';
import { useCurrentUser } from '../api/current-user';
import { AuthCard } from './auth-card';

/**
 * Where `GET /api/logout` sends a sign-out link opened from another site: the member decides. The
 * button is a plain link to `/api/logout` from our own page, a same-origin navigation, so it is
 * the same sign-out the menu does (decision 015).
 */
export function SignOutConfirmation() {
  const { name: siteName } = useSite();
  const { user } = useCurrentUser();
  if (!user) {
    return (
      <AuthCard title="You're signed out" description="There is no session to end on this device.">
        <LinkButton href="/" className="w-full">
          Go to the home page
        </LinkButton>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Sign out?"
      description={
        <>
          You followed a sign-out link. Sign out of {siteName} on this device
          {user.email ? (
            <>
              {' '}
              as <span className="font-medium text-foreground">{user.email}</span>
            </>
          ) : null}
          ?
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Button asChild className="w-full">
          <a href="/api/logout">
            <LogOut aria-hidden="true" strokeWidth={1.5} />
            Sign out
          </a>
        </Button>
        <LinkButton href="/" variant="outline" className="w-full">
          Stay signed in
        </LinkButton>
      </div>
    </AuthCard>
  );
}
