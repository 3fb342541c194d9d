import type { MemberScreenProps } from '@client/app/member-screen-props';
import { AssessmentResults } from '@client/features/questionnaire/components/assessment-results';
import { AssessmentScreen } from '@client/features/questionnaire/components/assessment-screen';

/** /questionnaire/{id}/results (docs/product.md, "Questionnaire"). */
export default function QuestionnaireResultsScreen({ params }: MemberScreenProps) {
  return (
    <AssessmentScreen what="results">
      {(ready) => <AssessmentResults id={params.id ?? ''} enabled={ready} />}
    </AssessmentScreen>
  );
}
