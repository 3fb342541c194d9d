import { TitledScreen } from '@client/components/page-header';
import { QuestionnaireFlow } from '@client/features/questionnaire/components/questionnaire-flow';
import { useNamespace } from '@client/lib/i18n';

/** /questionnaire: taking (or resuming) the assessment (docs/product.md, "Questionnaire"). */
export default function QuestionnaireScreen() {
  const i18n = useNamespace('questionnaire');
  return (
    <TitledScreen
      title={i18n._('questionnaire.route.title')}
      lead={i18n._('questionnaire.route.lead')}
      className="max-w-2xl py-8 sm:py-12"
      headerClassName="mb-6"
    >
      <QuestionnaireFlow />
    </TitledScreen>
  );
}
