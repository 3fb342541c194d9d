import { PageContainer } from '@client/components/page-container';
import { AssessmentHistory } from '@client/features/questionnaire/components/assessment-history';
import { useAssessmentAuthGuard } from '@client/features/questionnaire/components/use-auth-guard';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /assessment-history: progress over time (docs/product.md section 2). */
export default function AssessmentHistoryScreen() {
  useDocumentTitle('Assessment History');
  const { ready } = useAssessmentAuthGuard('history');
  return (
    <PageContainer className="max-w-5xl py-8 sm:py-12">
      <header className="mb-6 grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">Assessment History</h1>
        <p className="text-lg text-muted-foreground">How your scores have changed over time.</p>
      </header>
      <AssessmentHistory enabled={ready} />
    </PageContainer>
  );
}
