import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/page-header';
import { PracticeOverview } from '@client/features/practice/components/practice-overview';
import { useTimeZoneSync } from '@client/features/practice/use-time-zone-sync';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /practice: minutes and days practised. */
export default function PracticeScreen() {
  useDocumentTitle('Your practice');
  useTimeZoneSync();
  return (
    <PageContainer className="grid max-w-3xl gap-6 py-8 sm:py-12">
      <PageHeader title="Your practice" lead="Every minute you have given yourself, gathered in one place." />
      <PracticeOverview />
    </PageContainer>
  );
}
