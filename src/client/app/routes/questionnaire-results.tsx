import type { MemberScreenProps } from '@client/app/member-screen-props';
import { PageContainer } from '@client/components/page-container';
import { AssessmentResults } from '@client/features/questionnaire/components/assessment-results';
import { useAssessmentAuthGuard } from '@client/features/questionnaire/components/use-auth-guard';
import { useDocumentTitle } from '@client/lib/use-document-title';

/** /questionnaire/{id}/results (docs/product.md section 2). */
export default function QuestionnaireResultsScreen({ params }: MemberScreenProps) {
  useDocumentTitle('Assessment Results');
  const { ready } = useAssessmentAuthGuard('results');
  return (
    <PageContainer className="max-w-4xl py-8 sm:py-12">
      <header className="mb-6 grid gap-2">
        <h1 className="font-display font-normal text-4xl tracking-tight sm:text-5xl">Assessment Results</h1>
        <p className="text-lg text-muted-foreground">Your 6P and 3C scores, domain by domain.</p>
      </header>
      <AssessmentResults id={params.id ?? ''} enabled={ready} />
    </PageContainer>
  );
}
