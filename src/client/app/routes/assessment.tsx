import { TitledScreen } from '@client/components/page-header';
import { AssessmentDashboard } from '@client/features/questionnaire/components/assessment-dashboard';
import { useAssessmentAuthGuard } from '@client/features/questionnaire/components/use-auth-guard';

/** /assessment: the assessment dashboard (docs/product.md section 2). */
export default function AssessmentDashboardScreen() {
  const { ready } = useAssessmentAuthGuard('dashboard');
  return (
    <TitledScreen
      title="Assessment Dashboard"
      lead="Your latest assessment at a glance."
      className="max-w-4xl py-8 sm:py-12"
      headerClassName="mb-6"
    >
      <AssessmentDashboard enabled={ready} />
    </TitledScreen>
  );
}
