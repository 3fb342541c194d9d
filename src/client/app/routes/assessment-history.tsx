import { AssessmentHistory } from '@client/features/questionnaire/components/assessment-history';
import { AssessmentScreen } from '@client/features/questionnaire/components/assessment-screen';

/** /assessment-history: progress over time (docs/product.md section 2). */
export default function AssessmentHistoryScreen() {
  return (
    <AssessmentScreen
      what="history"
      title="Assessment History"
      lead="How your scores have changed over time."
      width="max-w-5xl"
    >
      {(ready) => <AssessmentHistory enabled={ready} />}
    </AssessmentScreen>
  );
}
