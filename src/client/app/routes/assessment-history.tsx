import { TitledScreen } from '@client/components/page-header';
import { AssessmentHistory } from '@client/features/questionnaire/components/assessment-history';
import { useAssessmentAuthGuard } from '@client/features/questionnaire/components/use-auth-guard';

/** /assessment-history: progress over time (docs/product.md section 2). */
export default function AssessmentHistoryScreen() {
  const { ready } = useAssessmentAuthGuard('history');
  return (
    <TitledScreen
      title="Assessment History"
      lead="How your scores have changed over time."
      className="max-w-5xl py-8 sm:py-12"
      headerClassName="mb-6"
    >
      <AssessmentHistory enabled={ready} />
    </TitledScreen>
  );
}
