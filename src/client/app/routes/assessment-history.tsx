import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/page-header';
import { AssessmentHistory } from '@client/features/questionnaire/components/assessment-history';
import { useAssessmentAuthGuard } from '@client/features/questionnaire/components/use-auth-guard';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /assessment-history: progress over time (docs/product.md section 2). */
export default function AssessmentHistoryScreen() {
  useDocumentTitle('Assessment History');
  const { ready } = useAssessmentAuthGuard('history');
  return (
    <PageContainer className="max-w-5xl py-8 sm:py-12">
      <PageHeader
        title="Assessment History"
        lead="How your scores have changed over time."
        className="mb-6"
      />
      <AssessmentHistory enabled={ready} />
    </PageContainer>
  );
}
