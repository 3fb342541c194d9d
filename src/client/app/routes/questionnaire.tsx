import { PageContainer } from '@client/components/page-container';
import { PageHeader } from '@client/components/page-header';
import { QuestionnaireFlow } from '@client/features/questionnaire/components/questionnaire-flow';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /questionnaire: taking (or resuming) the assessment (docs/product.md section 2, 'Questionnaire taking'). */
export default function QuestionnaireScreen() {
  useDocumentTitle('Assessment');
  return (
    <PageContainer className="max-w-2xl py-8 sm:py-12">
      <PageHeader
        title="Assessment"
        lead="Think about the past two weeks, and answer each statement as honestly and gently as you can."
        className="mb-6"
      />
      <QuestionnaireFlow />
    </PageContainer>
  );
}
