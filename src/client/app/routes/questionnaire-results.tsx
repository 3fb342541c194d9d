import type { MemberScreenProps } from '@client/app/member-screen-props';
import { TitledScreen } from '@client/components/page-header';
import { AssessmentResults } from '@client/features/questionnaire/components/assessment-results';
import { useAssessmentAuthGuard } from '@client/features/questionnaire/components/use-auth-guard';

/** /questionnaire/{id}/results (docs/product.md section 2). */
export default function QuestionnaireResultsScreen({ params }: MemberScreenProps) {
  const { ready } = useAssessmentAuthGuard('results');
  return (
    <TitledScreen
      title="Assessment Results"
      lead="Your 6P and 3C scores, domain by domain."
      className="max-w-4xl py-8 sm:py-12"
      headerClassName="mb-6"
    >
      <AssessmentResults id={params.id ?? ''} enabled={ready} />
    </TitledScreen>
  );
}
