import { PracticeHome, useIsFirstVisit } from '@client/app/home/practice-home';
import { ScreenContainer } from '@client/components/page-container';
import { PageTitle } from '@client/components/page-header';
import { Skeleton } from '@client/components/ui/skeleton';
import { WhatsNew } from '@client/features/announcements/components/whats-new';
import { useCurrentUser } from '@client/features/auth/api/current-user';
import { useTimeZoneSync } from '@client/features/settings';
import { useSite } from '@client/lib/site';

/**
 * The member home: a welcome (a first-visit one for a member with no history), today's practice,
 * where they left off and their week, then the latest announcements (docs/product.md, "Member home").
 */
export default function MemberHomeScreen() {
  const { name: siteName } = useSite();
  useTimeZoneSync();
  const { user } = useCurrentUser();
  const firstName = user?.firstName?.trim();
  const isFirstVisit = useIsFirstVisit();
  const name = firstName ? <span className="text-primary">, {firstName}</span> : null;

  return (
    <ScreenContainer title="Home" className="max-w-3xl py-8 sm:py-12">
      <header className="mb-8 grid gap-3">
        {isFirstVisit === null ? (
          <>
            <span className="sr-only">Loading</span>
            <Skeleton className="h-12 w-3/4" />
            <Skeleton className="h-6 w-1/2" />
          </>
        ) : isFirstVisit ? (
          <>
            <PageTitle>
              Welcome to {siteName}
              {name}
            </PageTitle>
            <p className="max-w-xl text-lg text-muted-foreground">
              We are glad you are here. There is nothing to catch up on: start with one short session,
              whenever you are ready.
            </p>
          </>
        ) : (
          <>
            <PageTitle>Welcome back to your journey{name}</PageTitle>
            <p className="max-w-xl text-lg text-muted-foreground">
              Stay connected with the latest updates, events, and new content from the {siteName} community.
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
