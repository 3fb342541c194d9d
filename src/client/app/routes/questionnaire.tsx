import { PageContainer } from '@client/components/page-container';
import { QuestionnaireFlow } from '@client/features/questionnaire/components/questionnaire-flow';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /questionnaire: taking (or resuming) the assessment (docs/product.md section 2, 'Questionnaire taking'). */
export default function QuestionnaireScreen() {
  useDocumentTitle('Assessment');
  return (
    <PageContainer className="max-w-2xl py-8 sm:py-12">
      <header className="mb-6 grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">Assessment</h1>
        <p className="text-lg text-muted-foreground">
          Think about the past two weeks, and answer each statement as honestly and gently as you can.
        </p>
      </header>
      <QuestionnaireFlow />
    </PageContainer>
  );
}
