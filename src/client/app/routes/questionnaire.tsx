import { TitledScreen } from '@client/components/page-header';
import { QuestionnaireFlow } from '@client/features/questionnaire/components/questionnaire-flow';

/** /questionnaire: taking (or resuming) the assessment (docs/product.md, "Questionnaire"). */
export default function QuestionnaireScreen() {
  return (
    <TitledScreen
      title="Assessment"
      lead="Think about the past two weeks, and answer each statement as honestly and gently as you can."
      className="max-w-2xl py-8 sm:py-12"
      headerClassName="mb-6"
    >
      <QuestionnaireFlow />
    </TitledScreen>
  );
}
