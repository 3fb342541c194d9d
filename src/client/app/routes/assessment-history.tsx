import { AssessmentHistory } from '@client/features/questionnaire/components/assessment-history';
import { AssessmentScreen } from '@client/features/questionnaire/components/assessment-screen';

/** /assessment-history: progress over time (docs/product.md, "Questionnaire"). */
export default function AssessmentHistoryScreen() {
  return (
    <AssessmentScreen what="history">{(ready) => <AssessmentHistory enabled={ready} />}</AssessmentScreen>
  );
}
