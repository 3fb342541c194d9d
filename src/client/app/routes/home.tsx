import { PageContainer } from '@client/components/page-container';
import { WhatsNew } from '@client/features/announcements/components/whats-new';
import { useCurrentUser } from '@client/features/auth/api/current-user';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** The member home (SPEC.md section 2): a welcome, then the latest announcements. */
export default function MemberHomeScreen() {
  useDocumentTitle('Home');
  const { user } = useCurrentUser();
  const firstName = user?.firstName?.trim();

  return (
    <PageContainer className="max-w-3xl py-8 sm:py-12">
      <header className="mb-10 grid gap-3">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">
          Welcome back to your journey{firstName ? <span className="text-primary">, {firstName}</span> : null}
        </h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Stay connected with the latest updates, events, and new content from the Stillpoint community.
        </p>
      </header>
      <WhatsNew />
    </PageContainer>
  );
}
