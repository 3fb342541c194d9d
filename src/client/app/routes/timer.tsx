import { TitledScreen } from '@client/components/page-header';
import { LogPracticeForm } from '@client/features/practice/components/log-practice-form';
import { MeditationTimer } from '@client/features/practice/components/meditation-timer';
import { useTimeZoneSync } from '@client/features/settings';
import { useNamespace } from '@client/lib/i18n';

/** /timer: a meditation timer, and a form for practice done away from the app. */
export default function TimerScreen() {
  const i18n = useNamespace('practice');
  useTimeZoneSync();
  return (
    <TitledScreen
      title={i18n._('practice.route.timer.title')}
      lead={i18n._('practice.route.timer.lead')}
      className="grid max-w-3xl gap-6 py-8 sm:py-12"
    >
      <MeditationTimer />
      <LogPracticeForm />
    </TitledScreen>
  );
}
