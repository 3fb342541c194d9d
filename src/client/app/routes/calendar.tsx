import { PageContainer } from '@client/components/page-container';
import { MonthlyJourney } from '@client/features/calendar/components/monthly-journey';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /calendar: the Monthly Journey (SPEC.md section 2). */
export default function CalendarScreen() {
  useDocumentTitle('Monthly Journey');
  return (
    <PageContainer className="py-8 sm:py-12">
      <header className="mb-8 grid gap-2 sm:mb-10">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">Monthly Journey</h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          This month’s restoration journey, one day at a time.
        </p>
      </header>
      <MonthlyJourney />
    </PageContainer>
  );
}
