import { AssessmentDashboard } from '@client/features/questionnaire/components/assessment-dashboard';
import { AssessmentScreen } from '@client/features/questionnaire/components/assessment-screen';

/** /assessment: the assessment dashboard (docs/product.md, "Questionnaire"). */
export default function AssessmentDashboardScreen() {
  return (
    <AssessmentScreen what="dashboard">{(ready) => <AssessmentDashboard enabled={ready} />}</AssessmentScreen>
  );
}
