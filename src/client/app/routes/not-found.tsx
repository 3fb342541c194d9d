import { ScreenContainer } from '@client/components/page-container';
import { LinkButton } from '@client/components/ui/link-button';
import { useCurrentUser } from '@client/features/auth';
import { useNamespace } from '@client/lib/i18n';
import { Compass, LogIn } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';

/**
 * docs/product.md's not-found page, word for word. A signed-out visitor may have followed a member
 * link (one of our e-mails, a friend's message): they also get a way in that brings them back here.
 */
export function NotFoundScreen() {
  const i18n = useNamespace('errors');
  const { authState } = useCurrentUser();
  const [path] = useLocation();
  const search = useSearch();
  const here = search ? `${path}?${search}` : path;
  return (
    <ScreenContainer
      title={i18n._('errors.notFound.title')}
      className="flex flex-1 flex-col items-center justify-center py-20 text-center"
    >
      <span className="mb-6 grid size-16 place-items-center rounded-full bg-sage-soft text-primary">
        <Compass className="size-7" strokeWidth={1.5} aria-hidden="true" />
      </span>
      <h1 className="font-display font-medium text-4xl tracking-tight">
        {i18n._('errors.notFound.heading')}
      </h1>
      <p className="mt-4 max-w-md text-muted-foreground">{i18n._('errors.notFound.text')}</p>
      <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        {authState === 'signedOut' && (
          <LinkButton href={`/api/login?returnTo=${encodeURIComponent(here)}`} native icon={LogIn}>
            {i18n._('errors.notFound.signIn')}
          </LinkButton>
        )}
        <LinkButton href="/" variant="outline">
          {i18n._('errors.notFound.home')}
        </LinkButton>
      </div>
    </ScreenContainer>
  );
}
