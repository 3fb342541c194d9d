import { useCurrentUser } from '@client/features/auth/api/current-user';
import { InstallOfferSlot } from '@client/features/pwa/components/install-offer-slot';
import { useAccountLocale } from '@client/features/settings';
import { needsPaymentUpdate } from '@client/features/subscriptions/status';
import { cn } from '@client/lib/cn';
import { useNamespace } from '@client/lib/i18n';
import type * as React from 'react';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { BottomTabBar } from './bottom-tab-bar';
import { RouteAnnouncer } from './route-announcer';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// Members only: the app's one audio element and the mini-player, kept out of the landing bundle.
const AudioPlayerHost = lazy(() => import('@client/features/player/components/audio-player-host'));
// Re-checks the account when the network returns, sends offline listening, says when offline.
const ConnectivitySync = lazy(() => import('@client/features/pwa/components/connectivity-sync'));
// Only for the rare member whose payment failed.
const PastDueBanner = lazy(() => import('@client/features/subscriptions/components/past-due-banner'));

/** The test-mode checkout stands in for a payment provider's page: no app chrome around it. */
function isHostedCheckoutPath(path: string): boolean {
  return path.startsWith('/checkout/');
}

export function AppShell({ children }: { children: React.ReactNode }) {
  const i18n = useNamespace('common');
  // The member's chosen language follows them to this device.
  useAccountLocale();
  const { user, authState } = useCurrentUser();
  const [location] = useLocation();
  const isSignedIn = authState === 'signedIn';
  const isChromeless = authState !== 'signedOut' && isHostedCheckoutPath(location);
  const showMemberChrome = isSignedIn && !isChromeless;

  // A new screen starts at the top, as a page load would.
  useEffect(() => {
    if (location) window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="-translate-y-24 fixed start-3 top-3 z-[60] rounded-full bg-primary px-4 py-2 font-medium text-primary-foreground text-sm shadow-soft transition-transform focus:translate-y-0"
      >
        {i18n._('nav.skipToContent')}
      </a>
      {!isChromeless && <SiteHeader />}
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'flex flex-1 flex-col outline-none',
          showMemberChrome && 'pb-[calc(4.5rem+env(safe-area-inset-bottom))]',
        )}
      >
        {isSignedIn && user && (
          <Suspense fallback={null}>
            <ConnectivitySync userId={user.id} />
          </Suspense>
        )}
        {showMemberChrome && needsPaymentUpdate(user?.subscriptionStatus) && (
          <Suspense fallback={null}>
            <PastDueBanner />
          </Suspense>
        )}
        {children}
      </main>
      {authState === 'signedOut' && <SiteFooter />}
      {showMemberChrome && (
        <Suspense fallback={null}>
          <AudioPlayerHost />
        </Suspense>
      )}
      {showMemberChrome && <BottomTabBar />}
      {/* Never over a visitor's first look at the landing page. */}
      <InstallOfferSlot
        isHidden={authState === 'loading' || isChromeless || (authState === 'signedOut' && location === '/')}
        isAboveTabBar={showMemberChrome}
      />
      <RouteAnnouncer />
    </div>
  );
}
