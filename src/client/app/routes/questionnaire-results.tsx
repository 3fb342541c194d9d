import type { MemberScreenProps } from '@client/app/member-screen-props';
import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/page-header';
import { AssessmentResults } from '@client/features/questionnaire/components/assessment-results';
import { useAssessmentAuthGuard } from '@client/features/questionnaire/components/use-auth-guard';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /questionnaire/{id}/results (docs/product.md section 2). */
export default function QuestionnaireResultsScreen({ params }: MemberScreenProps) {
  useDocumentTitle('Assessment Results');
  const { ready } = useAssessmentAuthGuard('results');
  return (
    <PageContainer className="max-w-4xl py-8 sm:py-12">
      <PageHeader
        title="Assessment Results"
        lead="Your 6P and 3C scores, domain by domain."
        className="mb-6"
      />
      <AssessmentResults id={params.id ?? ''} enabled={ready} />
    </PageContainer>
  );
}
