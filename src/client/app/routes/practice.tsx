import { PageContainer } from '@client/components/page-container';
import { PracticeOverview } from '@client/features/practice/components/practice-overview';
import { useTimeZoneSync } from '@client/features/practice/use-time-zone-sync';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /practice: minutes and days practised. */
export default function PracticeScreen() {
  useDocumentTitle('Your practice');
  useTimeZoneSync();
  return (
    <PageContainer className="grid max-w-3xl gap-6 py-8 sm:py-12">
      <header className="grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">Your practice</h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Every minute you have given yourself, gathered in one place.
        </p>
      </header>
      <PracticeOverview />
    </PageContainer>
  );
}
