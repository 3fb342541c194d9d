import { Logo } from '@client/components/logo';
import { PageContainer } from '@client/components/page-container';
import { Button } from '@client/components/ui/button';
import { LinkButton } from '@client/components/ui/link-button';
import { SearchInput } from '@client/components/ui/search-input';
import { useCurrentUser } from '@client/features/auth/api/current-user';
import { NotificationBell } from '@client/features/notifications/components/notification-bell';
import { useNamespace } from '@client/lib/i18n';
import { Search } from 'lucide-react';
import { type FormEvent, lazy, Suspense } from 'react';
import { Link, useLocation } from 'wouter';

// The menu's Radix machinery is only needed once someone is signed in; keep it off the landing page.
const UserMenu = lazy(() => import('./user-menu'));

function HeaderSearch({ isSignedIn }: { isSignedIn: boolean }) {
  const i18n = useNamespace('common');
  const [, navigate] = useLocation();

  // The search screen: the library and the forums (docs/product.md, "Search").
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    const target = query ? `/search?q=${encodeURIComponent(query)}` : '/search';
    navigate(isSignedIn ? target : `/sign-in?returnTo=${encodeURIComponent(target)}`);
  };

  return (
    <>
      {/* Phones: a compact button opening the search screen, whose field takes the width. */}
      {isSignedIn && (
        <Button asChild variant="ghost" size="icon" className="rounded-full md:hidden">
          <Link href="/search" aria-label={i18n._('header.search')}>
            <Search className="size-5" aria-hidden="true" />
          </Link>
        </Button>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not a landmark in Safari before 17 nor in jsdom */}
      <form
        role="search"
        aria-label={i18n._('header.siteSearch')}
        onSubmit={onSubmit}
        className="relative hidden w-full max-w-xs md:block lg:max-w-sm"
      >
        <label htmlFor="site-search" className="sr-only">
          {i18n._('header.searchLabel')}
        </label>
        <SearchInput
          id="site-search"
          name="search"
          placeholder={i18n._('header.searchPlaceholder')}
          className="h-10 rounded-full pr-4 text-sm"
        />
      </form>
    </>
  );
}

export function SiteHeader() {
  const i18n = useNamespace('common');
  const { user, authState, isAdmin } = useCurrentUser();

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-header pt-[env(safe-area-inset-top)] backdrop-blur-md">
      <PageContainer className="flex h-16 items-center justify-between gap-4">
        <Logo />
        <div className="flex flex-1 items-center justify-end gap-3">
          <HeaderSearch isSignedIn={authState === 'signedIn'} />
          {authState === 'signedIn' && user && <NotificationBell />}
          {authState === 'signedIn' && user && (
            <Suspense fallback={<div className="size-10 rounded-full bg-muted" aria-hidden="true" />}>
              <UserMenu user={user} isAdmin={isAdmin} />
            </Suspense>
          )}
          {authState === 'signedOut' && (
            <LinkButton href="/api/login" native size="sm">
              {i18n._('header.signIn')}
            </LinkButton>
          )}
          {authState === 'loading' && <div className="size-10" aria-hidden="true" />}
        </div>
      </PageContainer>
    </header>
  );
}
