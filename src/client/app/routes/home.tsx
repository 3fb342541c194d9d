import { PracticeHome, useIsFirstVisit } from '@client/app/home/practice-home';
import { ScreenContainer } from '@client/components/page-container';
import { PageTitle } from '@client/components/page-header';
import { Skeleton } from '@client/components/ui/skeleton';
import { WhatsNew } from '@client/features/announcements/components/whats-new';
import { useCurrentUser } from '@client/features/auth/api/current-user';
import { useTimeZoneSync } from '@client/features/settings';
import { useNamespace } from '@client/lib/i18n';
import { useSite } from '@client/lib/site';
import { Trans } from '@lingui/react';

/**
 * The member home: a welcome (a first-visit one for a member with no history), today's practice,
 * where they left off and their week, then the latest announcements (docs/product.md, "Member home").
 */
export default function MemberHomeScreen() {
  const i18n = useNamespace('account');
  const { name: siteName } = useSite();
  useTimeZoneSync();
  const { user } = useCurrentUser();
  const firstName = user?.firstName?.trim();
  const isFirstVisit = useIsFirstVisit();

  return (
    <ScreenContainer title={i18n._('account.home.title')} className="max-w-3xl py-8 sm:py-12">
      <header className="mb-8 grid gap-3">
        {isFirstVisit === null ? (
          <>
            <span className="sr-only">{i18n._('account.home.loading')}</span>
            <Skeleton className="h-12 w-3/4" />
            <Skeleton className="h-6 w-1/2" />
          </>
        ) : isFirstVisit ? (
          <>
            <PageTitle>
              {firstName ? (
                <Trans
                  id="account.home.welcomeNamed"
                  values={{ siteName, firstName }}
                  components={{ 0: <span className="text-primary" /> }}
                />
              ) : (
                i18n._('account.home.welcome', { siteName })
              )}
            </PageTitle>
            <p className="max-w-xl text-lg text-muted-foreground">{i18n._('account.home.welcomeText')}</p>
          </>
        ) : (
          <>
            <PageTitle>
              {firstName ? (
                <Trans
                  id="account.home.welcomeBackNamed"
                  values={{ firstName }}
                  components={{ 0: <span className="text-primary" /> }}
                />
              ) : (
                i18n._('account.home.welcomeBack')
              )}
            </PageTitle>
            <p className="max-w-xl text-lg text-muted-foreground">
              {i18n._('account.home.welcomeBackText', { siteName })}
            </p>
          </>
        )}
      </header>
      <div className="mb-10">
        <PracticeHome />
      </div>
      <WhatsNew />
    </ScreenContainer>
  );
}
