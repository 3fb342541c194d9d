import { TitledScreen } from '@client/components/page-header';
import { PracticeOverview } from '@client/features/practice/components/practice-overview';
import { useTimeZoneSync } from '@client/features/settings';

/** /practice: minutes and days practised. */
export default function PracticeScreen() {
  useTimeZoneSync();
  return (
    <TitledScreen
      title="Your practice"
      lead="Every minute you have given yourself, gathered in one place."
      className="grid max-w-3xl gap-6 py-8 sm:py-12"
    >
      <PracticeOverview />
    </TitledScreen>
  );
}
