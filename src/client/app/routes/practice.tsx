import { TitledScreen } from '@client/components/page-header';
import { PracticeOverview } from '@client/features/practice/components/practice-overview';
import { useTimeZoneSync } from '@client/features/settings';
import { useNamespace } from '@client/lib/i18n';

/** /practice: minutes and days practised. */
export default function PracticeScreen() {
  const i18n = useNamespace('practice');
  useTimeZoneSync();
  return (
    <TitledScreen
      title={i18n._('practice.route.title')}
      lead={i18n._('practice.route.lead')}
      className="grid max-w-3xl gap-6 py-8 sm:py-12"
    >
      <PracticeOverview />
    </TitledScreen>
  );
}
